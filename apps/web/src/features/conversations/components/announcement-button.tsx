import type { Event } from '@rally/shared/events';
import {
  Button,
  Modal,
  NativeSelect,
  Radio,
  Stack,
  Text,
  Textarea,
  Group,
  Paper,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconSpeakerphone } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { nextDaysRange, formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import {
  eventRosterSizeQueryOptions,
  programFamilyCountQueryOptions,
  upcomingEventsQueryOptions,
  useCreateAnnouncement,
} from '../announcements-api';
import { MAX_MESSAGE_LENGTH } from '../limits';
import { newClientMessageId } from '../message-outbox';

/** How far ahead the event list of an announcement reaches, days. */
const UPCOMING_DAYS = 60;
/** At most this many upcoming events are offered. */
const MAX_EVENTS = 20;

/** Props of {@link AnnouncementButton}. */
export interface AnnouncementButtonProps {
  programId: string;
}

type Audience = 'all' | 'event';

/** What is written in the announcement dialog, kept until it is sent. */
interface AnnouncementDraft {
  /** The idempotency key of this announcement: the same for every try until one succeeds. */
  clientMessageId: string;
  body: string;
  audience: Audience;
  /** The event chosen when `audience` is `event`; empty for the first upcoming one. */
  eventId: string;
}

function newDraft(): AnnouncementDraft {
  return { clientMessageId: newClientMessageId(), body: '', audience: 'all', eventId: '' };
}

/**
 * Staff's "Announcement" (docs/decisions/007): one text to every family with
 * an active enrolment, or to the roster of one of the program's next events,
 * confirmed with the number of families it goes to. The draft and its
 * `clientMessageId` outlive the dialog until a send succeeds, so sending
 * again after a failure or a lost answer never duplicates. While the send is
 * pending the dialog cannot close (its answer must be shown), and a click
 * outside does not throw away a typed text.
 */
export function AnnouncementButton({ programId }: AnnouncementButtonProps) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const [draft, setDraft] = useState(newDraft);
  const create = useCreateAnnouncement(programId);
  const isSending = create.isPending;
  const hasText = draft.body.trim() !== '';
  const openDialog = () => {
    create.reset();
    open();
  };
  const closeDialog = () => {
    if (!isSending) close();
  };
  const send = (eventId: string | undefined) =>
    create.mutate(
      { clientMessageId: draft.clientMessageId, body: draft.body.trim(), eventId },
      {
        onSuccess: ({ announcement }) => {
          notify(t('conversations.announce.sent', { count: announcement.recipientCount }));
          setDraft(newDraft());
          close();
        },
      },
    );
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconSpeakerphone size={16} aria-hidden />}
        onClick={openDialog}
      >
        {t('conversations.announce.button')}
      </Button>
      <Modal
        opened={opened}
        onClose={closeDialog}
        closeOnEscape={!isSending}
        closeOnClickOutside={!isSending && !hasText}
        closeButtonProps={{ disabled: isSending, 'aria-label': t('conversations.announce.close') }}
        title={t('conversations.announce.title')}
        size="lg"
      >
        {opened && (
          <AnnouncementForm
            programId={programId}
            draft={draft}
            onDraftChange={setDraft}
            isSending={isSending}
            sendError={create.error}
            onSend={send}
          />
        )}
      </Modal>
    </>
  );
}

function eventLabel(event: Event, locale: string): string {
  return `${event.title} · ${formatDateTime(event.startsAt, event.timeZone, locale)}`;
}

interface AnnouncementFormProps {
  programId: string;
  draft: AnnouncementDraft;
  onDraftChange: (draft: AnnouncementDraft) => void;
  isSending: boolean;
  /** Why the last send failed, or null. */
  sendError: unknown;
  /** Sends the draft, to one event's roster when `eventId` is given. */
  onSend: (eventId: string | undefined) => void;
}

function AnnouncementForm({
  programId,
  draft,
  onDraftChange,
  isSending,
  sendError,
  onSend,
}: AnnouncementFormProps) {
  const { t, i18n } = useTranslation();
  const { body, audience, eventId } = draft;
  const edit = (change: Partial<AnnouncementDraft>) => onDraftChange({ ...draft, ...change });
  const [isConfirming, setIsConfirming] = useState(false);
  const range = useMemo(() => nextDaysRange(UPCOMING_DAYS), []);
  const familyCount = useQuery(programFamilyCountQueryOptions(programId));
  const events = useQuery({
    ...upcomingEventsQueryOptions(programId, range),
    enabled: audience === 'event',
  });
  const upcoming = (events.data ?? [])
    .filter((event) => event.status === 'scheduled')
    .slice(0, MAX_EVENTS);
  const chosenEventId = eventId || upcoming[0]?.id || '';
  const rosterSize = useQuery({
    ...eventRosterSizeQueryOptions(programId, chosenEventId),
    enabled: audience === 'event' && chosenEventId !== '',
  });
  const count = audience === 'all' ? familyCount.data : rosterSize.data;
  const chosenEvent = upcoming.find((event) => event.id === chosenEventId);
  const text = body.trim();
  const canReview =
    text !== '' &&
    count !== undefined &&
    count > 0 &&
    (audience === 'all' || chosenEvent !== undefined);

  const send = () => onSend(audience === 'event' ? chosenEventId : undefined);

  if (isConfirming && count !== undefined) {
    return (
      <Stack gap="md">
        <Text fw={600}>
          {audience === 'all'
            ? t('conversations.announce.confirmAll', { count })
            : t('conversations.announce.confirmEvent', {
                count,
                event: chosenEvent ? eventLabel(chosenEvent, i18n.language) : '',
              })}
        </Text>
        <Paper withBorder p="sm" bg="var(--mantine-color-yellow-0)">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {text}
          </Text>
        </Paper>
        {sendError !== null && <ErrorAlert error={sendError} />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setIsConfirming(false)} disabled={isSending}>
            {t('conversations.announce.back')}
          </Button>
          <Button onClick={send} loading={isSending}>
            {t('conversations.announce.send', { count })}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (canReview) setIsConfirming(true);
      }}
    >
      <Stack gap="md">
        <Textarea
          label={t('conversations.announce.bodyLabel')}
          value={body}
          onChange={(event) => edit({ body: event.currentTarget.value })}
          autosize
          minRows={3}
          maxRows={10}
          maxLength={MAX_MESSAGE_LENGTH}
          required
          data-autofocus
        />
        <Radio.Group
          label={t('conversations.announce.audienceLabel')}
          value={audience}
          onChange={(value) => edit({ audience: value === 'event' ? 'event' : 'all' })}
        >
          <Stack gap="xs" mt="xs">
            <Radio
              value="all"
              label={
                familyCount.data === undefined
                  ? t('conversations.announce.allFamilies')
                  : t('conversations.announce.allFamiliesCount', { count: familyCount.data })
              }
            />
            <Radio value="event" label={t('conversations.announce.oneEvent')} />
          </Stack>
        </Radio.Group>
        {audience === 'event' &&
          (events.isError ? (
            <ErrorAlert error={events.error} onRetry={() => void events.refetch()} />
          ) : events.isPending ? (
            <Text size="sm" c="dimmed">
              {t('conversations.announce.loadingEvents')}
            </Text>
          ) : upcoming.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('conversations.announce.noEvents')}
            </Text>
          ) : (
            <NativeSelect
              label={t('conversations.announce.eventLabel')}
              value={chosenEventId}
              onChange={(event) => edit({ eventId: event.currentTarget.value })}
              data={upcoming.map((event) => ({
                value: event.id,
                label: eventLabel(event, i18n.language),
              }))}
              description={
                rosterSize.data === undefined
                  ? undefined
                  : t('conversations.announce.rosterCount', { count: rosterSize.data })
              }
            />
          ))}
        {count === 0 && (
          <Text size="sm" c="dimmed">
            {t('conversations.announce.nobody')}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" disabled={!canReview}>
            {t('conversations.announce.review')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
