import type { Org, UpdateOrg } from '@rally/shared/orgs';
import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { isApiError } from '../../../lib/api-client';
import { describeError } from '../../../lib/describe-error';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { hasErrors, validateWithSchema } from '../../../lib/schema-validation';
import { useUpdateOrg } from '../api';
import { CountrySelect } from './country-select';
import { TimeZoneSelect } from '../../../components/time-zone-select';

const loadSchema = () => import('@rally/shared/orgs').then((module) => module.updateOrgSchema);

const FIELDS = ['name', 'slug', 'timeZone', 'country'] as const;
/** UPI payee fields (issue 4): empty means none (sent as null). */
const PAYEE_FIELDS = ['payeeVpa', 'payeeName'] as const;

/** Props of {@link OrgDetailsForm}. */
export interface OrgDetailsFormProps {
  org: Org;
}

/**
 * Edits an organisation's name, slug, time zone, country and UPI payee
 * (VPA and name shown on dues QR codes) with `PATCH /api/orgs/:orgId`,
 * sending only the fields that changed (an emptied payee field as null). Field issues
 * of the server land on their fields; a taken slug (409) on the slug field.
 */
export function OrgDetailsForm({ org }: OrgDetailsFormProps) {
  const { t } = useTranslation();
  const updateOrg = useUpdateOrg(org.id);
  const [formError, setFormError] = useState<unknown>(null);
  const form = useForm({
    initialValues: {
      name: org.name,
      slug: org.slug,
      timeZone: org.timeZone,
      country: org.country,
      payeeVpa: org.payeeVpa ?? '',
      payeeName: org.payeeName ?? '',
    },
  });

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    const changes: UpdateOrg = {};
    for (const field of FIELDS) {
      if (form.isDirty(field)) changes[field] = values[field];
    }
    for (const field of PAYEE_FIELDS) {
      if (form.isDirty(field)) changes[field] = values[field].trim() || null;
    }
    if (Object.keys(changes).length === 0) return;
    const errors = await validateWithSchema(loadSchema, changes);
    if (hasErrors(errors)) {
      form.setErrors(errors);
      return;
    }
    updateOrg.mutate(changes, {
      onSuccess: ({ org: saved }) => {
        const next = {
          name: saved.name,
          slug: saved.slug,
          timeZone: saved.timeZone,
          country: saved.country,
          payeeVpa: saved.payeeVpa ?? '',
          payeeName: saved.payeeName ?? '',
        };
        form.setInitialValues(next);
        form.setValues(next);
        notify(t('orgSettings.saved'));
      },
      onError: (error) => {
        if (isApiError(error, 'conflict')) {
          form.setFieldError('slug', describeError(t, error));
          return;
        }
        if (!applyServerFieldErrors(form, error, [...FIELDS, ...PAYEE_FIELDS])) setFormError(error);
      },
    });
  });

  return (
    <form onSubmit={submit} onFocus={() => void loadSchema().catch(() => undefined)} noValidate>
      <Stack gap="md" maw={520}>
        <TextInput
          label={t('orgSettings.nameLabel')}
          required
          maxLength={100}
          {...form.getInputProps('name')}
        />
        <TextInput
          label={t('orgSettings.slug')}
          description={t('orgSettings.slugHint')}
          required
          maxLength={48}
          autoCapitalize="none"
          spellCheck={false}
          {...form.getInputProps('slug')}
        />
        <TimeZoneSelect label={t('fields.timeZone')} {...form.getInputProps('timeZone')} />
        <CountrySelect label={t('orgSettings.country')} {...form.getInputProps('country')} />
        <TextInput
          label={t('orgSettings.payeeVpa')}
          description={t('orgSettings.payeeVpaHint')}
          placeholder="academy@okbank"
          maxLength={255}
          autoCapitalize="none"
          spellCheck={false}
          {...form.getInputProps('payeeVpa')}
        />
        <TextInput
          label={t('orgSettings.payeeName')}
          description={t('orgSettings.payeeNameHint')}
          maxLength={100}
          {...form.getInputProps('payeeName')}
        />
        {formError !== null && <ErrorAlert error={formError} />}
        <Button
          type="submit"
          loading={updateOrg.isPending}
          disabled={!form.isDirty()}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('actions.saveChanges')}
        </Button>
      </Stack>
    </form>
  );
}
