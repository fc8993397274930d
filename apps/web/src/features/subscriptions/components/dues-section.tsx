import type { SubscriptionDetail } from '@rally/shared/subscriptions';
import { Box, Button, Stack, Table, Text, Title } from '@mantine/core';
import { IconCurrencyRupee } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatLocalDate } from '../../../lib/format';
import { formatPrice } from '../money';
import { AddChargeForm } from './add-charge-form';
import { PaymentClaimSection } from './payment-claim-section';
import { RecordPaymentForm } from './record-payment-form';
import { UpiQrCode } from './upi-qr-code';

/** Props of {@link DuesSection}. */
export interface DuesSectionProps {
  programId: string;
  data: SubscriptionDetail;
}

/**
 * "Dues" of a subscription: balance (owed or credit), the ledger of charges
 * and payments (amounts from integer minor units), when the answer carries
 * `upiPayment` a large "Pay with UPI" button (the QR code only on wider
 * screens, to scan from a desktop), "I've paid" and its confirmation
 * (docs/decisions/020), and for staff the
 * "Add charge" (`permissions.canEdit`) and "Record payment" forms.
 */
export function DuesSection({ programId, data }: DuesSectionProps) {
  const { t, i18n } = useTranslation();
  const { dues, upiPayment, permissions, subscription } = data;
  const currency = dues.currency ?? subscription.currency;
  const money = (minor: number) =>
    currency ? formatPrice(minor, currency, i18n.language) : String(minor);
  return (
    <Stack gap="sm" component="section" aria-labelledby="subscription-dues">
      <Title order={2} size="h3" id="subscription-dues">
        {t('dues.title')}
      </Title>
      <Text fw={600}>
        {dues.balanceMinor > 0
          ? t('dues.owed', { amount: money(dues.balanceMinor) })
          : dues.balanceMinor < 0
            ? t('dues.credit', { amount: money(-dues.balanceMinor) })
            : t('dues.settled')}
      </Text>
      {dues.entries.length > 0 && (
        <Table.ScrollContainer minWidth={360}>
          <Table striped aria-label={t('dues.ledger')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('dues.date')}</Table.Th>
                <Table.Th>{t('dues.entry')}</Table.Th>
                <Table.Th>{t('dues.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {dues.entries.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>{formatLocalDate(entry.occurredOn, i18n.language)}</Table.Td>
                  <Table.Td>
                    {entry.kind === 'payment'
                      ? t('dues.paymentLine', {
                          method: t(`dues.method.${entry.method ?? 'cash'}`),
                          reference: entry.reference,
                          context: entry.reference ? 'reference' : undefined,
                        })
                      : entry.description}
                  </Table.Td>
                  <Table.Td>
                    {entry.kind === 'payment' ? '−' : ''}
                    {formatPrice(entry.amountMinor, entry.currency, i18n.language)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {upiPayment && (
        <Stack gap="xs">
          {/* Phones open the UPI app from a big button; the QR is for paying from a desktop's screen. */}
          <Button
            component="a"
            href={upiPayment.intent}
            size="lg"
            fullWidth
            maw={{ sm: 320 }}
            leftSection={<IconCurrencyRupee size={20} aria-hidden />}
          >
            {t('dues.payWithUpiAmount', {
              amount: formatPrice(upiPayment.amountMinor, upiPayment.currency, i18n.language),
            })}
          </Button>
          <Box visibleFrom="sm">
            <UpiQrCode
              intent={upiPayment.intent}
              label={t('dues.qrLabel', {
                amount: formatPrice(upiPayment.amountMinor, upiPayment.currency, i18n.language),
                payee: upiPayment.payeeName,
              })}
            />
          </Box>
          <Text size="sm" c="dimmed">
            {t('dues.payee', { name: upiPayment.payeeName, vpa: upiPayment.payeeVpa })}
          </Text>
        </Stack>
      )}
      <PaymentClaimSection programId={programId} data={data} />
      {permissions.canEdit && (
        <AddChargeForm programId={programId} subscriptionId={subscription.id} currency={currency} />
      )}
      {permissions.canRecordPayments && (
        <RecordPaymentForm
          programId={programId}
          subscriptionId={subscription.id}
          currency={currency}
        />
      )}
    </Stack>
  );
}
