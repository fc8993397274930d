import type { FeePlan } from '@rally/shared/programs';
import { Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { QueryState } from '../../../components/query-state';
import { notify } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { programFeePlansQueryOptions, useUpdateFeePlan } from '../api';
import { formatPrice, minorToMajorString, parseMajorToMinor } from '../money';
import { NewFeePlanForm, priceErrorMessage } from './fee-plan-form';

/** Props of {@link FeePlansSection}. */
export interface FeePlansSectionProps {
  programId: string;
  /** Whether the caller may add and change plans (`canEdit` of an active program). */
  canEdit: boolean;
}

/** How a plan bills, in words: "per month", "pack of 10 sessions". */
export function billingText(t: TFunction, plan: FeePlan): string {
  if (plan.billing === 'pack') {
    return t('feePlans.packOf', { count: plan.sessionsIncluded ?? 0 });
  }
  return t(`feePlans.per.${plan.period ?? 'month'}`);
}

/**
 * A program's fee plans (price in the plan's currency and how it bills) and,
 * for those who may edit, each plan's "Edit" (name and price), "Deactivate"
 * or "Reactivate", then the "New fee plan" form.
 */
export function FeePlansSection({ programId, canEdit }: FeePlansSectionProps) {
  const { t } = useTranslation();
  const plans = useQuery(programFeePlansQueryOptions(programId));
  return (
    <Stack gap="md">
      <QueryState query={plans}>
        {(list) =>
          list.length === 0 ? (
            <Text c="dimmed">{canEdit ? t('feePlans.noneCanAdd') : t('feePlans.none')}</Text>
          ) : (
            <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
              {list.map((plan) => (
                <FeePlanRow key={plan.id} programId={programId} plan={plan} canEdit={canEdit} />
              ))}
            </Stack>
          )
        }
      </QueryState>
      {canEdit && (
        <Stack gap="sm" component="section" aria-labelledby="new-fee-plan">
          <Title order={3} size="h4" id="new-fee-plan">
            {t('feePlans.newTitle')}
          </Title>
          <NewFeePlanForm programId={programId} />
        </Stack>
      )}
    </Stack>
  );
}

function FeePlanRow({
  programId,
  plan,
  canEdit,
}: {
  programId: string;
  plan: FeePlan;
  canEdit: boolean;
}) {
  const { t, i18n } = useTranslation();
  const update = useUpdateFeePlan(programId);
  const [isEditing, setIsEditing] = useState(false);

  const toggleActive = () =>
    update.mutate(
      { planId: plan.id, isActive: !plan.isActive },
      {
        onSuccess: () =>
          notify(
            t(plan.isActive ? 'feePlans.deactivated' : 'feePlans.reactivated', {
              name: plan.name,
            }),
          ),
      },
    );

  return (
    <Card component="li" withBorder padding="sm">
      {isEditing ? (
        <FeePlanEditForm plan={plan} programId={programId} onDone={() => setIsEditing(false)} />
      ) : (
        <Stack gap="xs">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <div>
              <Group gap="xs">
                <Text fw={600}>{plan.name}</Text>
                {!plan.isActive && (
                  <Badge color="gray" variant="light">
                    {t('feePlans.inactive')}
                  </Badge>
                )}
              </Group>
              <Text size="sm">
                {formatPrice(plan.priceMinor, plan.currency, i18n.language)} ·{' '}
                {billingText(t, plan)}
              </Text>
            </div>
            {canEdit && (
              <Group gap="xs">
                <Button
                  variant="subtle"
                  size="compact-sm"
                  aria-label={t('feePlans.editNamed', { name: plan.name })}
                  onClick={() => setIsEditing(true)}
                >
                  {t('feePlans.edit')}
                </Button>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  color={plan.isActive ? 'red' : 'blue'}
                  loading={update.isPending}
                  aria-label={t(
                    plan.isActive ? 'feePlans.deactivateNamed' : 'feePlans.reactivateNamed',
                    {
                      name: plan.name,
                    },
                  )}
                  onClick={toggleActive}
                >
                  {plan.isActive ? t('feePlans.deactivate') : t('feePlans.reactivate')}
                </Button>
              </Group>
            )}
          </Group>
          {update.isError && <ErrorAlert error={update.error} />}
        </Stack>
      )}
    </Card>
  );
}

function FeePlanEditForm({
  programId,
  plan,
  onDone,
}: {
  programId: string;
  plan: FeePlan;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateFeePlan(programId);
  const { form, formProps, formError } = useSchemaForm({
    initialValues: { name: plan.name, price: minorToMajorString(plan.priceMinor, plan.currency) },
    toBody: (values, form) => {
      const price = parseMajorToMinor(values.price, plan.currency);
      if (!price.ok) {
        form.setFieldError('price', priceErrorMessage(t, price.error, plan.currency));
        return null;
      }
      if (values.name.trim() === '') {
        form.setFieldError('name', t('feePlans.nameRequired'));
        return null;
      }
      return { planId: plan.id, name: values.name.trim(), priceMinor: price.minor };
    },
    fieldOf: { priceMinor: 'price' },
    mutation: update,
    notice: (_saved, { name }) => t('feePlans.saved', { name }),
    onSuccess: onDone,
  });

  return (
    <form {...formProps}>
      <Stack gap="sm">
        <TextInput
          label={t('feePlans.name')}
          required
          maxLength={80}
          data-autofocus
          {...form.getInputProps('name')}
        />
        <TextInput
          label={t('feePlans.priceIn', { currency: plan.currency })}
          inputMode="decimal"
          required
          {...form.getInputProps('price')}
        />
        {formError !== null && <ErrorAlert error={formError} />}
        <Group gap="xs">
          <Button type="submit" size="sm" loading={update.isPending}>
            {t('feePlans.savePlan')}
          </Button>
          <Button variant="default" size="sm" onClick={onDone} disabled={update.isPending}>
            {t('actions.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
