import { DEFAULT_COUNTRY, DEFAULT_TIME_ZONE } from '@rally/shared/constants';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { PageTitle } from '../../../components/page-title';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useCreateOrg } from '../api';
import { CountrySelect } from '../components/country-select';
import { TimeZoneSelect } from '../../../components/time-zone-select';

const loadSchema = () => import('@rally/shared/orgs').then((module) => module.createOrgSchema);

/**
 * "Create an organisation" (route `create-org`): name, time zone (default
 * Asia/Kolkata) and country (default IN) -> `POST /api/orgs` -> the new org's page.
 */
export function CreateOrgPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const createOrg = useCreateOrg();
  const { form, formProps, formError } = useSchemaForm({
    initialValues: { name: '', timeZone: DEFAULT_TIME_ZONE, country: DEFAULT_COUNTRY },
    toBody: (values) => values,
    loadSchema,
    mutation: createOrg,
    notice: ({ org }) => t('createOrg.created', { name: org.name }),
    onSuccess: ({ org }) => void navigate(`/orgs/${encodeURIComponent(org.id)}`),
  });

  return (
    <Stack gap="md" maw={520}>
      <PageTitle title={t('createOrg.title')} />
      <Text>{t('createOrg.intro')}</Text>
      <form {...formProps}>
        <Stack gap="md">
          <TextInput
            label={t('createOrg.name')}
            placeholder={t('createOrg.namePlaceholder')}
            required
            maxLength={100}
            {...form.getInputProps('name')}
          />
          <TimeZoneSelect
            label={t('fields.timeZone')}
            description={t('createOrg.timeZoneHint')}
            {...form.getInputProps('timeZone')}
          />
          <CountrySelect label={t('createOrg.country')} {...form.getInputProps('country')} />
          {formError !== null && <ErrorAlert error={formError} />}
          <Button type="submit" loading={createOrg.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('createOrg.submit')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
