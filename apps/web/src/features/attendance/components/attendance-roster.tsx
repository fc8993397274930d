import type { EventAttendance } from '@rally/shared/attendance';
import { Alert, Anchor, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { describeError } from '../../../lib/describe-error';
import { programPath } from '../../../lib/use-program-id';
import { countWaiting, mergeRoster, summarizeRows } from '../attendance-marks';
import type { AttendanceOutbox } from '../use-attendance-outbox';
import { AttendanceRowItem } from './attendance-row';
import { AttendanceSummaryBar, SyncBanner } from './attendance-status-bar';

/** Props of {@link AttendanceRoster}. */
export interface AttendanceRosterProps {
  /** The server's attendance of the event (`GET .../attendance`, or the last `PUT`'s answer). */
  attendance: EventAttendance;
  /** Whether the viewer may mark (program staff of an active program). */
  canMark: boolean;
  /** The coach's outbox: waiting marks are laid over the server's roster. */
  outbox: AttendanceOutbox;
}

/**
 * Taking attendance for one event: the sync banner, the summary, "Mark all
 * present" (unmarked profiles only, after a confirmation), marks the server
 * refused, and one row per profile on the roster. Every tap goes through the
 * outbox, so it shows at once and survives a lost connection or a reload.
 */
export function AttendanceRoster({ attendance, canMark, outbox }: AttendanceRosterProps) {
  const { t } = useTranslation();
  const { event } = attendance;
  const [isConfirmingAll, setIsConfirmingAll] = useState(false);
  const { entries, rejected, isOffline, isSending } = outbox.state;
  const rows = useMemo(
    () => mergeRoster(attendance.roster, entries, event.id),
    [attendance.roster, entries, event.id],
  );
  const summary = summarizeRows(rows);
  const waiting = countWaiting(entries, event.id);
  const rejectedHere = rejected.filter((rejection) => rejection.entry.payload.eventId === event.id);
  const nameOf = (profileId: string) =>
    attendance.roster.find((entry) => entry.profileId === profileId)?.displayName ?? profileId;

  const markAllPresent = () => {
    const unmarked = rows.filter((row) => row.status === null);
    outbox.mark(
      event.programId,
      event.id,
      unmarked.map((row) => ({ profileId: row.entry.profileId, status: 'present' })),
    );
    setIsConfirmingAll(false);
  };

  if (rows.length === 0) {
    return (
      <Stack gap="xs">
        <Text fw={600}>{t('attendance.empty')}</Text>
        <Text size="sm">
          {t('attendance.emptyHint')}{' '}
          <Anchor component={Link} to={programPath(event.programId)}>
            {t('attendance.openProgram')}
          </Anchor>
        </Text>
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      <SyncBanner
        waiting={waiting}
        isOffline={isOffline}
        isSending={isSending}
        onSyncNow={outbox.syncNow}
      />
      {rejectedHere.length > 0 && (
        <Alert color="red" role="alert" title={t('attendance.rejectedTitle')}>
          <List size="sm">
            {rejectedHere.map((rejection) => (
              <List.Item key={rejection.entry.id}>
                {t('attendance.rejectedLine', {
                  name: nameOf(rejection.entry.payload.mark.profileId),
                  reason: describeError(t, rejection.error),
                })}
              </List.Item>
            ))}
          </List>
          <Button mt="xs" size="xs" variant="light" color="red" onClick={outbox.dismissRejected}>
            {t('attendance.dismiss')}
          </Button>
        </Alert>
      )}
      <AttendanceSummaryBar summary={summary} />
      {canMark && (
        <Group justify="flex-end">
          <Button
            variant="light"
            color="green"
            leftSection={<IconChecks size={18} aria-hidden />}
            disabled={summary.unmarked === 0}
            onClick={() => setIsConfirmingAll(true)}
          >
            {t('attendance.markAll', { count: summary.unmarked })}
          </Button>
        </Group>
      )}
      <Stack
        component="ul"
        gap="xs"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={t('attendance.rosterLabel')}
      >
        {rows.map((row) => (
          <AttendanceRowItem
            key={row.entry.profileId}
            row={row}
            timeZone={event.timeZone}
            canMark={canMark}
            onMark={(status, note) =>
              outbox.mark(event.programId, event.id, [
                { profileId: row.entry.profileId, status, note },
              ])
            }
          />
        ))}
      </Stack>
      <ConfirmModal
        opened={isConfirmingAll}
        title={t('attendance.markAllTitle', { count: summary.unmarked })}
        confirmLabel={t('attendance.markAllConfirm')}
        color="green"
        onConfirm={markAllPresent}
        onClose={() => setIsConfirmingAll(false)}
      >
        {t('attendance.markAllBody', { count: summary.unmarked })}
      </ConfirmModal>
    </Stack>
  );
}
