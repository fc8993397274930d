import type { CreateFeePlan } from '@rally/shared/programs';
import { Button, Group, NativeSelect, Radio, Stack, TextInput } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useCreateFeePlan } from '../api';
import { parseMajorToMinor, type PriceError } from '../money';

const loadSchema = () =>
  import('@rally/shared/programs').then((module) => module.createFeePlanSchema);

/** Default currency of new fee plans (Rally's home market, DESIGN.md §1). */
export const DEFAULT_CURRENCY = 'INR';

const PERIODS = ['week', 'month', 'quarter', 'year'] as const;

/** The message for a price that {@link parseMajorToMinor} refused. */
export function priceErrorMessage(t: TFunction, error: PriceError, currency: string): string {
  return t(`feePlans.priceError.${error}`, { currency });
}

/** Props of {@link NewFeePlanForm}. */
export interface NewFeePlanFormProps {
  programId: string;
}

/**
 * "New fee plan": name, price typed in major units (2500.00) and sent as
 * integer minor units (250000), currency (default INR), and billing: per
 * period (week, month, quarter, year) or a pack of N sessions ->
 * `POST /api/programs/:programId/fee-plans`.
 */
export function NewFeePlanForm({ programId }: NewFeePlanFormProps) {
  const { t } = useTranslation();
  const create = useCreateFeePlan(programId);
  const { form, formProps, formError } = useSchemaForm({
    initialValues: {
      name: '',
      price: '',
      currency: DEFAULT_CURRENCY,
      billing: 'period' as 'period' | 'pack',
      period: 'month' as (typeof PERIODS)[number],
      sessionsIncluded: '',
    },
    toBody: (values, form): CreateFeePlan | null => {
      const currency = values.currency.trim().toUpperCase();
      const price = parseMajorToMinor(values.price, currency);
      if (!price.ok) {
        form.setFieldError('price', priceErrorMessage(t, price.error, currency));
        return null;
      }
      const common = { name: values.name, priceMinor: price.minor, currency };
      return values.billing === 'period'
        ? { ...common, billing: 'period', period: values.period }
        : {
            ...common,
            billing: 'pack',
            sessionsIncluded: /^\d+$/.test(values.sessionsIncluded.trim())
              ? Number(values.sessionsIncluded.trim())
              : Number.NaN,
          };
    },
    loadSchema,
    fields: ['name', 'price', 'currency', 'period', 'sessionsIncluded'],
    fieldOf: { priceMinor: 'price' },
    mutation: create,
    notice: ({ feePlan }) => t('feePlans.added', { name: feePlan.name }),
    onSuccess: () => form.reset(),
  });

  return (
    <form {...formProps}>
      <Stack gap="md" maw={560}>
        <TextInput
          label={t('feePlans.name')}
          placeholder={t('feePlans.namePlaceholder')}
          required
          maxLength={80}
          {...form.getInputProps('name')}
        />
        <Group gap="sm" align="flex-start" grow preventGrowOverflow={false}>
          <TextInput
            label={t('feePlans.price')}
            description={t('feePlans.priceHint')}
            placeholder="2500.00"
            inputMode="decimal"
            required
            {...form.getInputProps('price')}
          />
          <TextInput
            label={t('feePlans.currency')}
            description={t('feePlans.currencyHint')}
            maxLength={3}
            maw={120}
            autoCapitalize="characters"
            required
            {...form.getInputProps('currency')}
          />
        </Group>
        <Radio.Group label={t('feePlans.billing')} {...form.getInputProps('billing')}>
          <Group gap="md" mt="xs">
            <Radio value="period" label={t('feePlans.billingPeriod')} />
            <Radio value="pack" label={t('feePlans.billingPack')} />
          </Group>
        </Radio.Group>
        {form.values.billing === 'period' ? (
          <NativeSelect
            label={t('feePlans.period')}
            data={PERIODS.map((period) => ({
              value: period,
              label: t(`feePlans.periodValue.${period}`),
            }))}
            {...form.getInputProps('period')}
          />
        ) : (
          <TextInput
            label={t('feePlans.sessionsIncluded')}
            inputMode="numeric"
            maxLength={4}
            required
            {...form.getInputProps('sessionsIncluded')}
          />
        )}
        {formError !== null && <ErrorAlert error={formError} />}
        <Button type="submit" loading={create.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('feePlans.add')}
        </Button>
      </Stack>
    </form>
  );
}
