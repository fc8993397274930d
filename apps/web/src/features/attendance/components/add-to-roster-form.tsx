import type { EventAttendance } from '@rally/shared/attendance';
import { Button, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { programSubscriptionsQueryOptions } from '../../subscriptions/api';
import { useAddToRoster } from '../api';

/** The server's message for the field at `path` of a 400 answer, if any. */
function fieldErrorOf(error: unknown, path: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return error.errors.find((issue) => issue.path === path)?.message;
}

/** Props of {@link AddToRosterForm}. */
export interface AddToRosterFormProps {
  attendance: EventAttendance;
}

/**
 * "Add a walk-in or trial player" on a session's attendance page (program
 * staff; docs/decisions/020), a button that opens the form: pick one of the program's members who is not
 * on this roster (e.g. enrolled after the session started), or name a new
 * person with their guardian's phone (who is invited to manage them). The
 * person is added to this session only, without an RSVP, and can be marked.
 */
export function AddToRosterForm({ attendance }: AddToRosterFormProps) {
  const { t } = useTranslation();
  const { event, roster } = attendance;
  const add = useAddToRoster(event.programId, event.id);
  // Closed until asked for: the members list is not loaded on every visit at the ground.
  const [isOpen, setIsOpen] = useState(false);
  const members = useQuery({
    ...programSubscriptionsQueryOptions(event.programId),
    enabled: isOpen,
  });
  const [profileId, setProfileId] = useState('');
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const onRoster = new Set(roster.map((entry) => entry.profileId));
  const seen = new Set<string>();
  const choices = (members.data ?? []).filter((s) => {
    if (onRoster.has(s.profileId) || seen.has(s.profileId)) return false;
    seen.add(s.profileId);
    return true;
  });

  const submit = (formEvent: FormEvent) => {
    formEvent.preventDefault();
    const body = profileId
      ? { profileId }
      : { newProfile: { displayName: name.trim(), guardianPhone: phone.trim() } };
    add.mutate(body, {
      onSuccess: () => {
        const added = profileId
          ? (choices.find((s) => s.profileId === profileId)?.profileName ?? '')
          : name.trim();
        notify(t('addToRoster.added', { name: added }));
        setProfileId('');
        setName('');
        setPhone('');
      },
    });
  };

  if (!isOpen) {
    return (
      <Group>
        <Button
          variant="default"
          h={44}
          leftSection={<IconUserPlus size={18} aria-hidden />}
          onClick={() => setIsOpen(true)}
        >
          {t('addToRoster.title')}
        </Button>
      </Group>
    );
  }

  return (
    <Stack gap="xs" component="section" aria-labelledby="add-to-roster-title">
      <Title order={2} size="h4" id="add-to-roster-title">
        {t('addToRoster.title')}
      </Title>
      <Text size="sm">{t('addToRoster.hint')}</Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="xs" maw={480}>
          {choices.length > 0 && (
            <NativeSelect
              label={t('addToRoster.member')}
              value={profileId}
              onChange={(change) => setProfileId(change.currentTarget.value)}
              data={[
                { value: '', label: t('addToRoster.someoneNew') },
                ...choices.map((s) => ({ value: s.profileId, label: s.profileName })),
              ]}
            />
          )}
          {!profileId && (
            <>
              <TextInput
                label={t('addToRoster.name')}
                value={name}
                onChange={(change) => setName(change.currentTarget.value)}
                error={fieldErrorOf(add.error, 'newProfile.displayName')}
                required
              />
              <TextInput
                label={t('addToRoster.guardianPhone')}
                type="tel"
                autoComplete="tel"
                value={phone}
                onChange={(change) => setPhone(change.currentTarget.value)}
                error={fieldErrorOf(add.error, 'newProfile.guardianPhone')}
                required
              />
            </>
          )}
          <Group>
            <Button
              type="submit"
              h={44}
              loading={add.isPending}
              leftSection={<IconUserPlus size={18} aria-hidden />}
            >
              {t('addToRoster.submit')}
            </Button>
          </Group>
          {add.isError &&
            !fieldErrorOf(add.error, 'newProfile.displayName') &&
            !fieldErrorOf(add.error, 'newProfile.guardianPhone') && (
              <ErrorAlert error={add.error} />
            )}
        </Stack>
      </form>
    </Stack>
  );
}
