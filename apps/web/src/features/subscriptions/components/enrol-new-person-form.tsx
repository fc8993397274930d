import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useCreateSubscription } from '../api';
import { PhoneNumberInput } from '../../../components/phone-number-input';

/** Props of {@link EnrolNewPersonForm}. */
export interface EnrolNewPersonFormProps {
  programId: string;
  programName: string;
}

const FIELDS = ['newProfile.displayName', 'newProfile.guardianPhone', 'newProfile.dateOfBirth'];

/**
 * Staff enrol someone who is not in Rally yet ("Staff can also
 * enrol any profile directly"): the participant's name, optional date of
 * birth and a guardian's phone. `POST .../subscriptions` with `newProfile`
 * creates the profile; the guardian manages it at once if the phone has an
 * account, else when that phone first signs in. Server field errors land on
 * their fields.
 */
export function EnrolNewPersonForm({ programId, programName }: EnrolNewPersonFormProps) {
  const { t } = useTranslation();
  const enrol = useCreateSubscription(programId);
  const { form, formProps, formError } = useSchemaForm({
    initialValues: { newProfile: { displayName: '', guardianPhone: '', dateOfBirth: '' } },
    validate: {
      newProfile: {
        displayName: (v) => (v.trim() ? null : t('enrolNew.nameRequired')),
        guardianPhone: (v) => (v.trim() ? null : t('enrolNew.phoneRequired')),
      },
    },
    toBody: ({ newProfile: { displayName, guardianPhone, dateOfBirth } }) => ({
      newProfile: {
        displayName: displayName.trim(),
        guardianPhone: guardianPhone.trim(),
        ...(dateOfBirth ? { dateOfBirth } : {}),
      },
    }),
    fields: FIELDS,
    mutation: enrol,
    notice: ({ subscription }) =>
      t('enrolNew.enrolled', { name: subscription.profileName, program: programName }),
    onSuccess: () => form.reset(),
  });

  return (
    <form {...formProps} aria-label={t('enrolNew.title')}>
      <Stack gap="sm" maw={520}>
        <Group grow align="flex-start">
          <TextInput
            label={t('enrolNew.name')}
            required
            maxLength={80}
            {...form.getInputProps('newProfile.displayName')}
          />
          <TextInput
            label={t('enrolNew.dateOfBirth')}
            type="date"
            {...form.getInputProps('newProfile.dateOfBirth')}
          />
        </Group>
        <PhoneNumberInput
          whose="other"
          label={t('enrolNew.guardianPhone')}
          description={t('enrolNew.guardianPhoneHint')}
          required
          {...form.getInputProps('newProfile.guardianPhone')}
        />
        {formError !== null && <ErrorAlert error={formError} />}
        <Button type="submit" loading={enrol.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('enrolNew.submit')}
        </Button>
      </Stack>
    </form>
  );
}
