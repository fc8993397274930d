import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { ApiError } from '../../../lib/api-client';
import { useCreateChildProfile } from '../api';

/** Props of {@link AddChildInline}. */
export interface AddChildInlineProps {
  programId: string;
  /** Called with the new profile's id, to pick it in the join form. */
  onAdded: (profileId: string) => void;
}

/**
 * "Add a child profile" on the join page: opens a small form ("Child's name",
 * optional "Date of birth") that creates a `guardian` profile with
 * `POST /api/profiles`; the server's field errors show on the fields.
 */
export function AddChildInline({ programId, onAdded }: AddChildInlineProps) {
  const { t } = useTranslation();
  const create = useCreateChildProfile(programId);
  const [isOpen, setIsOpen] = useState(false);
  const [displayName, setDisplayName] = useState('');
  const [dateOfBirth, setDateOfBirth] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  if (!isOpen) {
    return (
      <div>
        <Button variant="light" onClick={() => setIsOpen(true)}>
          {t('join.addChild')}
        </Button>
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (displayName.trim() === '') {
      setNameError(t('join.childNameRequired'));
      return;
    }
    setNameError(null);
    create.mutate(
      { displayName: displayName.trim(), dateOfBirth: dateOfBirth === '' ? null : dateOfBirth },
      {
        onSuccess: ({ profile }) => {
          onAdded(profile.id);
          setDisplayName('');
          setDateOfBirth('');
          setIsOpen(false);
        },
        onError: (error) => {
          const issue = error instanceof ApiError ? error.errors[0] : undefined;
          if (issue?.path === 'displayName') setNameError(issue.message);
          else setFailure(error);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('join.addChild')}>
      <Stack gap="sm">
        <TextInput
          label={t('home.childName')}
          value={displayName}
          onChange={(event) => setDisplayName(event.currentTarget.value)}
          error={nameError}
          maxLength={80}
          required
          autoComplete="off"
        />
        <TextInput
          type="date"
          label={t('home.dateOfBirth')}
          value={dateOfBirth}
          onChange={(event) => setDateOfBirth(event.currentTarget.value)}
        />
        {failure !== null && <ErrorAlert error={failure} />}
        <Group gap="sm">
          <Button type="submit" loading={create.isPending}>
            {t('join.saveChild')}
          </Button>
          <Button variant="default" onClick={() => setIsOpen(false)}>
            {t('actions.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
