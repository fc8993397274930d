import type { PaymentMethod } from '@rally/shared/subscriptions';
import { Button, Group, NativeSelect, Stack, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useRecordPayment } from '../api';
import { formatPrice, parseMajorToMinor } from '../money';

/** Props of {@link RecordPaymentForm}. */
export interface RecordPaymentFormProps {
  programId: string;
  subscriptionId: string;
  /** The dues' currency (ISO 4217); null when the subscription has none yet (then INR is sent). */
  currency: string | null;
}

const METHODS: readonly PaymentMethod[] = ['cash', 'upi', 'bank_transfer'];
const FALLBACK_CURRENCY = 'INR';

/**
 * "Record payment" (staff): the amount typed in major units ("1500.50") and
 * sent as integer minor units, the method (cash, UPI, bank transfer), a
 * reference and the date it was paid (`POST .../payments`).
 */
export function RecordPaymentForm({ programId, subscriptionId, currency }: RecordPaymentFormProps) {
  const { t, i18n } = useTranslation();
  const record = useRecordPayment(programId, subscriptionId);
  const effectiveCurrency = currency ?? FALLBACK_CURRENCY;
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [reference, setReference] = useState('');
  const [paidOn, setPaidOn] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = parseMajorToMinor(amount, effectiveCurrency);
    if (!parsed.ok || parsed.minor <= 0) {
      setAmountError(t('dues.amountInvalid'));
      return;
    }
    setAmountError(null);
    record.mutate(
      {
        amountMinor: parsed.minor,
        method,
        reference: reference.trim(),
        ...(paidOn ? { paidOn } : {}),
        ...(currency ? {} : { currency: FALLBACK_CURRENCY }),
      },
      {
        onSuccess: () => {
          notify(
            t('dues.recorded', {
              amount: formatPrice(parsed.minor, effectiveCurrency, i18n.language),
            }),
          );
          setAmount('');
          setReference('');
          setPaidOn('');
        },
        onError: (error) => {
          const issue = error instanceof ApiError ? error.errors[0] : undefined;
          if (issue?.path === 'amountMinor') setAmountError(issue.message);
          else setFailure(error);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="record-payment">
      <Stack gap="sm">
        <Title order={3} size="h4" id="record-payment">
          {t('dues.recordTitle')}
        </Title>
        <Group align="flex-start" gap="sm" grow>
          <TextInput
            label={t('dues.amountIn', { currency: effectiveCurrency })}
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.currentTarget.value)}
            error={amountError}
            required
          />
          <NativeSelect
            label={t('dues.methodLabel')}
            data={METHODS.map((value) => ({ value, label: t(`dues.method.${value}`) }))}
            value={method}
            onChange={(event) => setMethod(event.currentTarget.value as PaymentMethod)}
          />
        </Group>
        <Group align="flex-start" gap="sm" grow>
          <TextInput
            label={t('dues.reference')}
            value={reference}
            maxLength={100}
            onChange={(event) => setReference(event.currentTarget.value)}
          />
          <TextInput
            type="date"
            label={t('dues.paidOn')}
            value={paidOn}
            onChange={(event) => setPaidOn(event.currentTarget.value)}
          />
        </Group>
        {failure !== null && <ErrorAlert error={failure} />}
        <div>
          <Button type="submit" loading={record.isPending}>
            {t('dues.record')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
