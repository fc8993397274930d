import { Button, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { hasErrors, validateWithSchema } from '../../../lib/schema-validation';
import { useCreateProfile } from '../api';

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
  const [formError, setFormError] = useState<unknown>(null);
  const form = useForm({
    initialValues: { displayName: '', dateOfBirth: '' },
    transformValues: (values) => ({
      displayName: values.displayName,
      dateOfBirth: values.dateOfBirth === '' ? null : values.dateOfBirth,
    }),
  });

  const close = () => {
    form.reset();
    setFormError(null);
    onClose();
  };

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    const errors = await validateWithSchema(loadSchema, values);
    if (hasErrors(errors)) {
      form.setErrors(errors);
      return;
    }
    createProfile.mutate(
      { ...values, relationship: 'guardian' },
      {
        onSuccess: ({ profile }) => {
          notify(t('home.profileAdded', { name: profile.displayName }));
          close();
        },
        onError: (error) => {
          if (!applyServerFieldErrors(form, error, ['displayName', 'dateOfBirth'])) {
            setFormError(error);
          }
        },
      },
    );
  });

  return (
    <Modal opened={opened} onClose={close} title={t('home.addChildTitle')} centered>
      <form onSubmit={submit} onFocus={() => void loadSchema().catch(() => undefined)} noValidate>
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
