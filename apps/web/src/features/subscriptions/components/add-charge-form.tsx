import { Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useAddCharge } from '../api';
import { formatPrice, parseMajorToMinor } from '../money';

/** Props of {@link AddChargeForm}. */
export interface AddChargeFormProps {
  programId: string;
  subscriptionId: string;
  /** The dues' currency (ISO 4217); null when the subscription has none yet (then INR is sent). */
  currency: string | null;
}

const FALLBACK_CURRENCY = 'INR';

/**
 * "Add charge" (staff): the amount typed in major units ("1,500.50") and sent
 * as integer minor units, a description and the optional date it was charged
 * (`POST .../charges`).
 */
export function AddChargeForm({ programId, subscriptionId, currency }: AddChargeFormProps) {
  const { t, i18n } = useTranslation();
  const add = useAddCharge(programId, subscriptionId);
  const effectiveCurrency = currency ?? FALLBACK_CURRENCY;
  const [amount, setAmount] = useState('');
  const [description, setDescription] = useState('');
  const [chargedOn, setChargedOn] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<unknown>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const next: Record<string, string> = {};
    const parsed = parseMajorToMinor(amount, effectiveCurrency);
    if (!parsed.ok || parsed.minor <= 0) next.amountMinor = t('dues.amountInvalid');
    if (description.trim() === '') next.description = t('dues.descriptionRequired');
    setErrors(next);
    if (!parsed.ok || Object.keys(next).length > 0) return;
    add.mutate(
      {
        amountMinor: parsed.minor,
        description: description.trim(),
        ...(chargedOn ? { chargedOn } : {}),
        ...(currency ? {} : { currency: FALLBACK_CURRENCY }),
      },
      {
        onSuccess: () => {
          notify(
            t('dues.chargeAdded', {
              amount: formatPrice(parsed.minor, effectiveCurrency, i18n.language),
            }),
          );
          setAmount('');
          setDescription('');
          setChargedOn('');
        },
        onError: (error) => {
          const fields = ['amountMinor', 'description', 'chargedOn'];
          const issues = error instanceof ApiError ? error.errors : [];
          if (issues.length > 0 && issues.every((issue) => fields.includes(issue.path)))
            setErrors(Object.fromEntries(issues.map((issue) => [issue.path, issue.message])));
          else setFailure(error);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="add-charge">
      <Stack gap="sm">
        <Title order={3} size="h4" id="add-charge">
          {t('dues.chargeTitle')}
        </Title>
        <Group align="flex-start" gap="sm" grow>
          <TextInput
            label={t('dues.chargeAmountIn', { currency: effectiveCurrency })}
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.currentTarget.value)}
            error={errors.amountMinor}
            required
          />
          <TextInput
            type="date"
            label={t('dues.chargedOn')}
            value={chargedOn}
            onChange={(event) => setChargedOn(event.currentTarget.value)}
            error={errors.chargedOn}
          />
        </Group>
        <TextInput
          label={t('dues.description')}
          value={description}
          maxLength={200}
          onChange={(event) => setDescription(event.currentTarget.value)}
          error={errors.description}
          required
        />
        {failure !== null && <ErrorAlert error={failure} />}
        <div>
          <Button type="submit" loading={add.isPending}>
            {t('dues.addCharge')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
