import { Button, Modal, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useCreateProfile } from '../create-profile';

/** Props of {@link AddChildProfileModal}. */
export interface AddChildProfileModalProps {
  opened: boolean;
  onClose: () => void;
}

const loadSchema = () =>
  import('@rally/shared/profiles').then((module) => module.createProfileSchema);

/**
 * "Add a child profile": a child's name and optional date of birth, saved
 * with `POST /api/profiles` (relationship `guardian`; the user manages it).
 */
export function AddChildProfileModal({ opened, onClose }: AddChildProfileModalProps) {
  const { t } = useTranslation();
  const createProfile = useCreateProfile();
  const { form, formProps, formError, reset } = useSchemaForm({
    initialValues: { displayName: '', dateOfBirth: '' },
    toBody: (values) => ({
      displayName: values.displayName,
      dateOfBirth: values.dateOfBirth === '' ? null : values.dateOfBirth,
      relationship: 'guardian' as const,
    }),
    loadSchema,
    mutation: createProfile,
    notice: ({ profile }) => t('home.profileAdded', { name: profile.displayName }),
    onSuccess: () => close(),
  });

  const close = () => {
    reset();
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title={t('home.addChildTitle')} centered>
      <form {...formProps}>
        <Stack gap="md">
          <TextInput
            label={t('home.childName')}
            autoComplete="off"
            required
            maxLength={80}
            data-autofocus
            {...form.getInputProps('displayName')}
          />
          <TextInput
            type="date"
            label={t('home.dateOfBirth')}
            description={t('home.dateOfBirthHint')}
            {...form.getInputProps('dateOfBirth')}
          />
          {formError !== null && <ErrorAlert error={formError} />}
          <Button type="submit" loading={createProfile.isPending}>
            {t('home.addProfile')}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
