import type { MatchMinutesVisibility, MatchShareNames, Org, UpdateOrg } from '@rally/shared/orgs';
import { Button, Group, Radio, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useUpdateOrg } from '../api';
import { CountrySelect } from './country-select';
import { TimeZoneSelect } from '../../../components/time-zone-select';

const loadSchema = () => import('@rally/shared/orgs').then((module) => module.updateOrgSchema);

const FIELDS = ['name', 'slug', 'timeZone', 'country'] as const;
/** UPI payee fields (docs/decisions/005): empty means none (sent as null). */
const PAYEE_FIELDS = ['payeeVpa', 'payeeName'] as const;

/** The form's values: an empty payee field is none. */
function valuesOf(org: Org) {
  return {
    name: org.name,
    slug: org.slug,
    timeZone: org.timeZone,
    country: org.country,
    payeeVpa: org.payeeVpa ?? '',
    payeeName: org.payeeName ?? '',
    matchShareNames: (org.matchShareNames ?? 'first') as MatchShareNames,
    matchMinutesVisibility: (org.matchMinutesVisibility ?? 'own') as MatchMinutesVisibility,
  };
}

/** Props of {@link OrgDetailsForm}. */
export interface OrgDetailsFormProps {
  org: Org;
}

/**
 * Edits an organisation's name, slug, time zone, country and UPI payee
 * (VPA and name shown on dues QR codes), the names on shared match
 * links and whose match minutes families see (docs/decisions/030) with
 * `PATCH /api/orgs/:orgId`,
 * sending only the fields that changed (an emptied payee field as null). Field issues
 * of the server land on their fields; a taken slug (409) on the slug field.
 */
export function OrgDetailsForm({ org }: OrgDetailsFormProps) {
  const { t } = useTranslation();
  const updateOrg = useUpdateOrg(org.id);
  const { form, formProps, formError } = useSchemaForm({
    initialValues: valuesOf(org),
    toBody: (values, form) => {
      const changes: UpdateOrg = {};
      for (const field of FIELDS) {
        if (form.isDirty(field)) changes[field] = values[field];
      }
      for (const field of PAYEE_FIELDS) {
        if (form.isDirty(field)) changes[field] = values[field].trim() || null;
      }
      if (form.isDirty('matchShareNames')) changes.matchShareNames = values.matchShareNames;
      if (form.isDirty('matchMinutesVisibility')) {
        changes.matchMinutesVisibility = values.matchMinutesVisibility;
      }
      return Object.keys(changes).length === 0 ? null : changes;
    },
    loadSchema,
    codeFields: { conflict: 'slug' },
    mutation: updateOrg,
    savedValues: ({ org: saved }) => valuesOf(saved),
    notice: () => t('orgSettings.saved'),
  });

  return (
    <form {...formProps}>
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
        <Radio.Group
          label={t('orgSettings.matchShareNames.label')}
          description={t('orgSettings.matchShareNames.hint')}
          {...form.getInputProps('matchShareNames')}
        >
          <Group gap="lg" mt="xs">
            <Radio value="first" label={t('orgSettings.matchShareNames.first')} />
            <Radio value="none" label={t('orgSettings.matchShareNames.none')} />
          </Group>
        </Radio.Group>
        <Radio.Group
          label={t('orgSettings.matchMinutesVisibility.label')}
          description={t('orgSettings.matchMinutesVisibility.hint')}
          {...form.getInputProps('matchMinutesVisibility')}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="own" label={t('orgSettings.matchMinutesVisibility.own')} />
            <Radio value="squad" label={t('orgSettings.matchMinutesVisibility.squad')} />
          </Stack>
        </Radio.Group>
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
