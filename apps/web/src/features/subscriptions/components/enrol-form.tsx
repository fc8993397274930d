import { Anchor, Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { LoadingLines } from '../../../components/query-state';
import { isApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { myProfilesQueryOptions } from '../../profiles/api';
import { useCreateSubscription } from '../api';

/** Props of {@link EnrolForm}. */
export interface EnrolFormProps {
  programId: string;
  programName: string;
  /** Called when the API answers 404: the program does not exist or does not take enrolments. */
  onNotFound?: () => void;
}

/**
 * Picks one of the user's own profiles ("Profile") and enrols it in the
 * program ("Enrol", `POST /api/programs/:programId/subscriptions`). A profile
 * already enrolled (409 `conflict`) gets a plain message.
 */
export function EnrolForm({ programId, programName, onNotFound }: EnrolFormProps) {
  const { t } = useTranslation();
  const profiles = useQuery(myProfilesQueryOptions());
  const enrol = useCreateSubscription(programId);
  const [profileId, setProfileId] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);

  if (profiles.isPending) return <LoadingLines />;
  if (profiles.isError) {
    return <ErrorAlert error={profiles.error} onRetry={() => void profiles.refetch()} />;
  }
  if (profiles.data.length === 0) {
    return (
      <Text>
        {t('enrol.noProfiles')}{' '}
        <Anchor component={Link} to="/">
          {t('enrol.addProfileLink')}
        </Anchor>
      </Text>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!profileId) {
      setFieldError(t('enrol.pickProfile'));
      return;
    }
    setFieldError(null);
    enrol.mutate(
      { profileId },
      {
        onSuccess: ({ subscription }) => {
          notify(
            subscription.status === 'pending'
              ? t('enrol.requested', { name: subscription.profileName, program: programName })
              : t('enrol.enrolled', { name: subscription.profileName, program: programName }),
          );
          setProfileId('');
        },
        onError: (failure) => {
          if (isApiError(failure, 'conflict')) setFieldError(t('enrol.alreadyEnrolled'));
          else if (isApiError(failure, 'not_found') && onNotFound) onNotFound();
          else setError(failure);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Group align="flex-end" gap="sm">
          <NativeSelect
            label={t('enrol.profile')}
            data={[
              { value: '', label: t('enrol.profilePlaceholder') },
              ...profiles.data.map((profile) => ({
                value: profile.id,
                label: profile.displayName,
              })),
            ]}
            value={profileId}
            onChange={(event) => setProfileId(event.currentTarget.value)}
            error={fieldError}
            required
            style={{ flex: '1 1 200px' }}
          />
          <Button type="submit" loading={enrol.isPending}>
            {t('enrol.submit')}
          </Button>
        </Group>
        {error !== null && <ErrorAlert error={error} />}
      </Stack>
    </form>
  );
}
