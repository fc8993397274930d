import type { PaymentMethod, SubscriptionDetail } from '@rally/shared/subscriptions';
import { Alert, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { notify } from '../../../lib/notify';
import { useClaimPayment, useDecidePaymentClaim } from '../api';
import { formatPrice } from '../money';

const METHODS: readonly PaymentMethod[] = ['upi', 'cash', 'bank_transfer'];

/** Props of {@link PaymentClaimSection}. */
export interface PaymentClaimSectionProps {
  programId: string;
  data: SubscriptionDetail;
}

/**
 * "I've paid" on a subscription's dues (docs/decisions/020). The family,
 * while something is owed: a button that opens how they paid and a
 * reference, then "Waiting for staff to confirm". Staff: the family's claim
 * with Confirm (records the payment) and Reject. Nothing otherwise.
 */
export function PaymentClaimSection({ programId, data }: PaymentClaimSectionProps) {
  const { t, i18n } = useTranslation();
  const { paymentClaim: claim, permissions, dues, subscription } = data;
  const isStaff = permissions.canRecordPayments;
  const decide = useDecidePaymentClaim(programId, subscription.id);

  if (claim) {
    const what = {
      amount: formatPrice(claim.amountMinor, claim.currency, i18n.language),
      method: t(`dues.method.${claim.method}`),
      reference: claim.reference,
      when: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(
        new Date(claim.claimedAt),
      ),
      context: claim.reference ? 'reference' : undefined,
    };
    if (!isStaff) {
      return (
        <Alert color="blue" variant="light" title={t('paymentClaim.waitingTitle')}>
          {t('paymentClaim.waiting', what)}
        </Alert>
      );
    }
    return (
      <Alert color="orange" variant="light" title={t('paymentClaim.staffTitle')}>
        <Stack gap="xs">
          <Text size="sm">{t('paymentClaim.staffBody', what)}</Text>
          <Group gap="xs">
            <Button
              h={44}
              color="green.8"
              leftSection={<IconCheck size={18} aria-hidden />}
              loading={decide.isPending && decide.variables?.decision === 'confirm'}
              disabled={decide.isPending}
              onClick={() =>
                decide.mutate(
                  { claimId: claim.id, decision: 'confirm' },
                  { onSuccess: () => notify(t('paymentClaim.confirmed', what)) },
                )
              }
            >
              {t('paymentClaim.confirm')}
            </Button>
            <Button
              h={44}
              variant="default"
              leftSection={<IconX size={18} aria-hidden />}
              loading={decide.isPending && decide.variables?.decision === 'reject'}
              disabled={decide.isPending}
              onClick={() => decide.mutate({ claimId: claim.id, decision: 'reject' })}
            >
              {t('paymentClaim.reject')}
            </Button>
          </Group>
          {decide.isError && <ErrorAlert error={decide.error} />}
        </Stack>
      </Alert>
    );
  }
  if (isStaff || dues.balanceMinor <= 0) return null;
  return <ClaimForm programId={programId} subscriptionId={subscription.id} />;
}

function ClaimForm({ programId, subscriptionId }: { programId: string; subscriptionId: string }) {
  const { t } = useTranslation();
  const claim = useClaimPayment(programId, subscriptionId);
  const [isOpen, setIsOpen] = useState(false);
  const [method, setMethod] = useState<PaymentMethod>('upi');
  const [reference, setReference] = useState('');
  if (!isOpen) {
    return (
      <Group>
        <Button h={44} variant="default" onClick={() => setIsOpen(true)}>
          {t('paymentClaim.open')}
        </Button>
      </Group>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    claim.mutate(
      { method, reference: reference.trim() },
      { onSuccess: () => notify(t('paymentClaim.sent')) },
    );
  };
  return (
    <form onSubmit={submit} aria-label={t('paymentClaim.formLabel')}>
      <Stack gap="xs" maw={420}>
        <Text size="sm">{t('paymentClaim.hint')}</Text>
        <NativeSelect
          label={t('dues.methodLabel')}
          value={method}
          onChange={(event) => setMethod(event.currentTarget.value as PaymentMethod)}
          data={METHODS.map((value) => ({ value, label: t(`dues.method.${value}`) }))}
        />
        <TextInput
          label={t('paymentClaim.reference')}
          description={t('paymentClaim.referenceHint')}
          value={reference}
          onChange={(event) => setReference(event.currentTarget.value)}
        />
        <Group>
          <Button type="submit" h={44} loading={claim.isPending}>
            {t('paymentClaim.submit')}
          </Button>
        </Group>
        {claim.isError && <ErrorAlert error={claim.error} />}
      </Stack>
    </form>
  );
}
