import type { AttendanceStatus, RsvpState } from '@rally/shared/events';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconCheck, IconCloudUpload, IconDots } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AttendanceRow } from '../attendance-marks';
import { GuardianContact } from './guardian-contact';
import { dateTimeFormat } from '../../../lib/format';
import { FileAvatar } from '../../../components/file-avatar';

/** The statuses a coach picks from, in the order shown. */
const STATUSES: readonly AttendanceStatus[] = ['present', 'late', 'absent', 'excused'];

/** Colour of each status (the label always says it too). */
export const STATUS_COLORS: Record<AttendanceStatus, string> = {
  present: 'green.8',
  late: 'orange.9',
  absent: 'red.8',
  excused: 'blue.8',
};

/** Props of {@link AttendanceRowItem}. */
export interface AttendanceRowProps {
  row: AttendanceRow;
  /** The event's IANA zone: mark times are shown in it. */
  timeZone: string;
  /** False for read-only viewers (an archived program): statuses show, nothing can be tapped. */
  canMark: boolean;
  /** Marks this profile: `status` null clears the mark; `note` undefined keeps the note. */
  onMark: (status: AttendanceStatus | null, note?: string | null) => void;
}

/** "6:05 PM" in `timeZone` (the event's). */
function formatClock(instant: string, timeZone: string, locale: string): string {
  return dateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit' }).format(
    new Date(instant),
  );
}

/** The RSVP badge: answer, the program's default, or the place on the waitlist. */
function rsvpBadge(t: TFunction, rsvp: RsvpState): { label: string; color: string } {
  if (rsvp.answer === null) return { label: t('attendance.rsvp.none'), color: 'gray' };
  if (rsvp.answer === 'going' && rsvp.waitlistPosition !== null) {
    return {
      label: t('attendance.rsvp.waitlist', { position: rsvp.waitlistPosition }),
      color: 'yellow',
    };
  }
  if (rsvp.answer === 'going') {
    return {
      label: rsvp.isDefault ? t('attendance.rsvp.goingDefault') : t('attendance.rsvp.going'),
      color: 'green',
    };
  }
  return {
    label: t(`attendance.rsvp.${rsvp.answer}`),
    color: rsvp.answer === 'maybe' ? 'orange' : 'red',
  };
}

/**
 * One profile on the attendance page, built for a phone at the ground: photo
 * initial, name, RSVP badge (and "Walk-in" for one added by hand), who
 * marked and when, call / WhatsApp the guardian, and one big button — one tap
 * marks present; on a marked profile it opens the other statuses, "Clear
 * mark" and a note. A mark not yet synced says "Waiting to sync".
 */
export function AttendanceRowItem({ row, timeZone, canMark, onMark }: AttendanceRowProps) {
  const { t, i18n } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  // The note typed in the open panel lives here: the status button closes the panel too.
  const [note, setNote] = useState('');
  const panelId = useId();
  const { entry, status } = row;
  const name = entry.displayName;
  const rsvp = rsvpBadge(t, entry.rsvp);

  const openPanel = () => {
    setNote(row.note ?? '');
    setIsOpen(true);
  };
  // Every way of closing the panel keeps a note typed but not saved yet.
  const closePanel = () => {
    const typed = typedNote(note);
    if (status !== null && typed !== (row.note ?? null)) onMark(status, typed);
    setIsOpen(false);
  };
  const togglePanel = () => (isOpen ? closePanel() : openPanel());

  let markLine: string | null = null;
  if (row.markedAt !== null && row.isPending) {
    markLine = t('attendance.tappedAt', {
      time: formatClock(row.markedAt, timeZone, i18n.language),
    });
  } else if (row.markedAt !== null && status !== null) {
    const time = formatClock(row.markedAt, timeZone, i18n.language);
    markLine = row.markedBy
      ? t('attendance.markedBy', { name: row.markedBy.displayName, time })
      : t('attendance.markedAt', { time });
  }

  return (
    <Paper component="li" withBorder p="sm" radius="md">
      <Group wrap="nowrap" gap="sm" align="center">
        <FileAvatar src={entry.photoUrl} name={name} color="initials" alt="" aria-hidden />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} truncate>
            {name}
          </Text>
          <Group gap={4}>
            <Badge variant="light" color={rsvp.color} size="sm">
              {rsvp.label}
            </Badge>
            {entry.isWalkIn && (
              <Badge variant="outline" color="grape" size="sm">
                {t('attendance.walkIn')}
              </Badge>
            )}
            {row.isPending && (
              <Badge
                variant="outline"
                color="gray"
                size="sm"
                leftSection={<IconCloudUpload size={12} aria-hidden />}
              >
                {t('attendance.waitingToSync')}
              </Badge>
            )}
          </Group>
          {markLine && (
            <Text size="xs" c="dimmed">
              {markLine}
            </Text>
          )}
          {row.note && (
            <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
              {t('attendance.noteLine', { note: row.note })}
            </Text>
          )}
          {/* Under the name, not beside it: on a phone the name keeps the row's width. */}
          {entry.guardianPhone !== null && (
            <GuardianContact name={name} phone={entry.guardianPhone} />
          )}
        </Stack>
        {!canMark ? (
          <Badge size="lg" variant="light" color={status ? STATUS_COLORS[status] : 'gray'}>
            {status ? t(`attendance.status.${status}`) : t('attendance.notMarked')}
          </Badge>
        ) : status === null ? (
          <Group gap={4} wrap="nowrap">
            <Button
              size="md"
              variant="default"
              miw={96}
              onClick={() => onMark('present')}
              aria-label={t('attendance.markPresentFor', { name })}
            >
              {t('attendance.status.present')}
            </Button>
            <ActionIcon
              size={42}
              variant="subtle"
              color="gray"
              onClick={togglePanel}
              aria-label={t('attendance.otherStatusesFor', { name })}
              aria-expanded={isOpen}
              aria-controls={isOpen ? panelId : undefined}
            >
              <IconDots aria-hidden />
            </ActionIcon>
          </Group>
        ) : (
          <Button
            size="md"
            miw={96}
            color={STATUS_COLORS[status]}
            leftSection={status === 'present' ? <IconCheck size={18} aria-hidden /> : undefined}
            onClick={togglePanel}
            aria-label={t('attendance.changeFor', {
              name,
              status: t(`attendance.status.${status}`),
            })}
            aria-expanded={isOpen}
            aria-controls={isOpen ? panelId : undefined}
          >
            {t(`attendance.status.${status}`)}
          </Button>
        )}
      </Group>
      {canMark && isOpen && (
        <MarkPanel
          id={panelId}
          row={row}
          note={note}
          onNoteChange={setNote}
          onMark={onMark}
          onDone={closePanel}
        />
      )}
    </Paper>
  );
}

interface MarkPanelProps {
  id: string;
  row: AttendanceRow;
  /** The note as typed so far (kept by the row, which saves it when the panel closes). */
  note: string;
  onNoteChange: (note: string) => void;
  onMark: AttendanceRowProps['onMark'];
  /** Closes the panel, saving a typed note. */
  onDone: () => void;
}

/** A typed note as sent: trimmed, null when empty. */
function typedNote(note: string): string | null {
  const trimmed = note.trim();
  return trimmed === '' ? null : trimmed;
}

/** The statuses (a segmented control), "Clear mark" and the note of one profile. */
function MarkPanel({ id, row, note, onNoteChange, onMark, onDone }: MarkPanelProps) {
  const { t } = useTranslation();
  const name = row.entry.displayName;
  const saveNote = (event: FormEvent) => {
    event.preventDefault();
    onMark(row.status, typedNote(note));
  };
  return (
    <Stack id={id} gap="xs" mt="sm">
      <SegmentedControl
        fullWidth
        aria-label={t('attendance.statusFor', { name })}
        value={row.status ?? ''}
        onChange={(value) => onMark(value as AttendanceStatus)}
        data={STATUSES.map((status) => ({
          value: status,
          label: t(`attendance.status.${status}`),
        }))}
      />
      {row.status !== null && (
        <form onSubmit={saveNote}>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              label={t('attendance.noteFor', { name })}
              value={note}
              maxLength={500}
              onChange={(event) => onNoteChange(event.currentTarget.value)}
            />
            <Button type="submit" variant="light">
              {t('attendance.saveNote')}
            </Button>
          </Group>
        </form>
      )}
      <Group justify="space-between" gap="xs">
        {row.status !== null ? (
          <Button variant="subtle" color="red" onClick={() => onMark(null, null)}>
            {t('attendance.clear')}
          </Button>
        ) : (
          <span />
        )}
        <Button variant="subtle" onClick={onDone}>
          {t('attendance.done')}
        </Button>
      </Group>
    </Stack>
  );
}
