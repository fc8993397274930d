import type { EventAttendance, RosterCandidate } from '@rally/shared/attendance';
import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle, IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { rosterCandidatesQueryOptions, useAddToRoster } from '../api';
import { RosterCandidatePicker } from './roster-candidate-picker';
import { PhoneNumberInput } from '../../../components/phone-number-input';

/** How long typing pauses before the search asks the server (ms). */
export const ROSTER_SEARCH_DEBOUNCE_MS = 300;

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
 * staff; docs/decisions/020), a button that opens the form: search and pick
 * anyone the organisation knows who is not on this roster (enrolled in or
 * asking to join any of its programs; this program's own first), or name a
 * new person with their guardian's phone (who is invited to manage them).
 * The person is added to this session only, without an RSVP, and can be
 * marked.
 */
export function AddToRosterForm({ attendance }: AddToRosterFormProps) {
  const { t } = useTranslation();
  const { event } = attendance;
  const add = useAddToRoster(event.programId, event.id);
  // Closed until asked for: nobody is searched for on every visit at the ground.
  const [isOpen, setIsOpen] = useState(false);
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), ROSTER_SEARCH_DEBOUNCE_MS);
  const candidates = useQuery({
    ...rosterCandidatesQueryOptions(event.programId, event.id, q),
    enabled: isOpen,
  });
  const [picked, setPicked] = useState<RosterCandidate | null>(null);
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');

  const submit = (formEvent: FormEvent) => {
    formEvent.preventDefault();
    const body = picked
      ? { profileId: picked.profileId }
      : { newProfile: { displayName: name.trim(), guardianPhone: phone.trim() } };
    add.mutate(body, {
      onSuccess: () => {
        notify(t('addToRoster.added', { name: picked ? picked.displayName : name.trim() }));
        setPicked(null);
        setText('');
        setName('');
        setPhone('');
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'not_found') void candidates.refetch();
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

  // A person picked and then searched away from stays picked (and shown).
  const found = candidates.data?.candidates ?? [];
  const shown =
    picked && !found.some((c) => c.profileId === picked.profileId) ? [picked, ...found] : found;
  // A picked profile the server does not know (deleted, or gone from the
  // organisation meanwhile): say so about that person, not "not found".
  const unknownPerson =
    picked !== null && add.error instanceof ApiError && add.error.code === 'not_found';
  const fieldError =
    fieldErrorOf(add.error, 'newProfile.displayName') ??
    fieldErrorOf(add.error, 'newProfile.guardianPhone');

  return (
    <Stack gap="xs" component="section" aria-labelledby="add-to-roster-title">
      <Title order={2} size="h4" id="add-to-roster-title">
        {t('addToRoster.title')}
      </Title>
      <Text size="sm">{t('addToRoster.hint')}</Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="xs" maw={480}>
          <TextInput
            type="search"
            label={t('addToRoster.search')}
            description={t('addToRoster.searchHint')}
            value={text}
            onChange={(change) => setText(change.currentTarget.value)}
            leftSection={<IconSearch size={16} aria-hidden />}
            maxLength={100}
            autoComplete="off"
          />
          {candidates.isError && !candidates.data ? (
            <ErrorAlert error={candidates.error} onRetry={() => void candidates.refetch()} />
          ) : (
            <RosterCandidatePicker
              candidates={shown}
              pickedId={picked?.profileId ?? null}
              onPick={(profileId) => {
                add.reset();
                setPicked(shown.find((c) => c.profileId === profileId) ?? null);
              }}
              isSearching={candidates.isPending || q !== text.trim()}
              query={q}
            />
          )}
          {!picked && (
            <>
              <TextInput
                label={t('addToRoster.name')}
                value={name}
                onChange={(change) => setName(change.currentTarget.value)}
                error={fieldErrorOf(add.error, 'newProfile.displayName')}
                required
              />
              <PhoneNumberInput
                whose="other"
                label={t('addToRoster.guardianPhone')}
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
              {picked
                ? t('addToRoster.submitPicked', { name: picked.displayName })
                : t('addToRoster.submit')}
            </Button>
          </Group>
          {unknownPerson ? (
            <Alert color="red" role="alert" icon={<IconAlertCircle aria-hidden />}>
              {t('addToRoster.unknownPerson', { name: picked.displayName })}
            </Alert>
          ) : (
            add.isError && !fieldError && <ErrorAlert error={add.error} />
          )}
        </Stack>
      </form>
    </Stack>
  );
}
