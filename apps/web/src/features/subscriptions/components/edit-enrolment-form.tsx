import type { SubscriptionSummary, UpdateSubscription } from '@rally/shared/subscriptions';
import { Button, Group, NativeSelect, Stack, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { programFeePlansQueryOptions, useUpdateSubscription } from '../api';
import { formatPrice } from '../money';

/** The form's values: '' is "No plan" for `planId` and "no end" for `endsOn`. */
interface Values {
  planId: string;
  startsOn: string;
  endsOn: string;
}

function valuesOf(subscription: SubscriptionSummary): Values {
  return {
    planId: subscription.planId ?? '',
    startsOn: subscription.startsOn,
    endsOn: subscription.endsOn ?? '',
  };
}

/** Props of {@link EditEnrolmentForm}. */
export interface EditEnrolmentFormProps {
  programId: string;
  subscription: SubscriptionSummary;
}

/**
 * "Edit enrolment" (staff): the fee plan (the program's active plans or "No
 * plan"), start and end dates (an empty end is none), sent with
 * `PATCH .../subscriptions/:subscriptionId` carrying only what changed.
 */
export function EditEnrolmentForm({ programId, subscription }: EditEnrolmentFormProps) {
  const { t, i18n } = useTranslation();
  const update = useUpdateSubscription(programId, subscription.id);
  const plans = useQuery(programFeePlansQueryOptions(programId));
  const { form, formProps, formError } = useSchemaForm({
    initialValues: valuesOf(subscription),
    toBody: (values, form) => {
      if (!values.startsOn) {
        form.setFieldError('startsOn', t('subscription.startsOnRequired'));
        return null;
      }
      const changes: UpdateSubscription = {};
      if (form.isDirty('planId')) changes.planId = values.planId || null;
      if (form.isDirty('startsOn')) changes.startsOn = values.startsOn;
      if (form.isDirty('endsOn')) changes.endsOn = values.endsOn || null;
      return Object.keys(changes).length === 0 ? null : changes;
    },
    mutation: update,
    savedValues: ({ subscription: saved }) => valuesOf(saved),
    notice: ({ subscription: saved }) => t('subscription.saved', { name: saved.profileName }),
  });

  const activePlans = (plans.data ?? []).filter((plan) => plan.isActive);
  const planOptions = [
    { value: '', label: t('subscription.noPlan') },
    ...activePlans.map((plan) => ({
      value: plan.id,
      label: `${plan.name} · ${formatPrice(plan.priceMinor, plan.currency, i18n.language)}`,
    })),
  ];
  if (subscription.planId && !activePlans.some((plan) => plan.id === subscription.planId)) {
    planOptions.push({
      value: subscription.planId,
      label: subscription.planName ?? subscription.planId,
    });
  }

  return (
    <form {...formProps} aria-labelledby="edit-enrolment">
      <Stack gap="sm">
        <Title order={2} size="h3" id="edit-enrolment">
          {t('subscription.editTitle')}
        </Title>
        <NativeSelect
          label={t('subscription.planLabel')}
          data={planOptions}
          {...form.getInputProps('planId')}
        />
        <Group align="flex-start" gap="sm" grow>
          <TextInput
            type="date"
            label={t('subscriptions.startsOn')}
            required
            {...form.getInputProps('startsOn')}
          />
          <TextInput
            type="date"
            label={t('subscription.endsOn')}
            description={t('subscription.endsOnHint')}
            {...form.getInputProps('endsOn')}
          />
        </Group>
        {formError !== null && <ErrorAlert error={formError} />}
        <div>
          <Button type="submit" loading={update.isPending}>
            {t('subscription.save')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
