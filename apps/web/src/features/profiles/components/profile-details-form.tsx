import type { ManagedProfile } from '@rally/shared/profiles';
import { Button, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useUpdateProfile } from '../api';

/** Props of {@link ProfileDetailsForm}. */
export interface ProfileDetailsFormProps {
  profile: ManagedProfile;
  canEdit: boolean;
}

/**
 * "Name" and "Date of birth" of a profile, saved with "Save" (`PATCH`, only
 * the changed fields; an emptied date clears it). Server field errors show on
 * their fields.
 */
export function ProfileDetailsForm({ profile, canEdit }: ProfileDetailsFormProps) {
  const { t } = useTranslation();
  const update = useUpdateProfile(profile.id);
  const [displayName, setDisplayName] = useState(profile.displayName);
  const [dateOfBirth, setDateOfBirth] = useState(profile.dateOfBirth ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<unknown>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (displayName.trim() === '') {
      setErrors({ displayName: t('profileSettings.nameRequired') });
      return;
    }
    setErrors({});
    const body = {
      ...(displayName.trim() !== profile.displayName ? { displayName: displayName.trim() } : {}),
      ...((dateOfBirth || null) !== profile.dateOfBirth
        ? { dateOfBirth: dateOfBirth || null }
        : {}),
    };
    if (Object.keys(body).length === 0) return;
    update.mutate(body, {
      onSuccess: ({ profile: saved }) =>
        notify(t('profileSettings.saved', { name: saved.displayName })),
      onError: (error) => {
        if (error instanceof ApiError && error.errors.length > 0) {
          setErrors(Object.fromEntries(error.errors.map((issue) => [issue.path, issue.message])));
        } else setFailure(error);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('profileSettings.details')}>
      <Stack gap="sm" maw={420}>
        <TextInput
          label={t('profileSettings.name')}
          value={displayName}
          onChange={(event) => setDisplayName(event.currentTarget.value)}
          error={errors.displayName}
          maxLength={80}
          required
          disabled={!canEdit}
        />
        <TextInput
          type="date"
          label={t('profileSettings.dateOfBirth')}
          value={dateOfBirth}
          onChange={(event) => setDateOfBirth(event.currentTarget.value)}
          error={errors.dateOfBirth}
          disabled={!canEdit}
        />
        {failure !== null && <ErrorAlert error={failure} />}
        {canEdit && (
          <div>
            <Button type="submit" loading={update.isPending}>
              {t('actions.save')}
            </Button>
          </div>
        )}
      </Stack>
    </form>
  );
}
