import { Alert, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { LoadingLines, QueryState } from '../../../components/query-state';
import { isApiError } from '../../../lib/api-client';
import { formatEventSpan } from '../../../lib/format';
import { useRealtime } from '../../../lib/realtime';
import { useProgramId } from '../../../lib/use-program-id';
import { programEventQueryOptions } from '../../events/api';
import { eventAttendanceQueryOptions } from '../api';
import { AddToRosterForm } from '../components/add-to-roster-form';
import { AttendanceRoster } from '../components/attendance-roster';
import { useAttendanceOutbox } from '../use-attendance-outbox';

/**
 * An event's attendance (route `program-event-attendance`), built for a coach's
 * phone at the ground (docs/decisions/006): the event's title and time, the
 * summary, the roster with one tap per profile (and each guardian's phone),
 * and "Add a walk-in or trial player" (docs/decisions/020). Marks go to a persistent
 * outbox first, so they show at once and sync when the connection allows.
 * Read-only when the viewer may not mark (an archived program); a family gets
 * the server's 403 as a message, an event they may not see the not-found page.
 */
export function ProgramEventAttendancePage() {
  const { t, i18n } = useTranslation();
  const programId = useProgramId();
  const { eventId = '' } = useParams();
  const attendance = useQuery(eventAttendanceQueryOptions(programId, eventId));
  const detail = useQuery(programEventQueryOptions(programId, eventId));
  const outbox = useAttendanceOutbox();
  // Another coach's marks and new RSVPs show at once.
  useRealtime(`event:${eventId}`);

  if (attendance.isError && isApiError(attendance.error) && attendance.error.status === 403) {
    return (
      <Stack gap="md">
        <PageTitle title={t('attendance.pageTitle')} />
        <Alert
          role="note"
          color="gray"
          icon={<IconLock aria-hidden />}
          title={t('attendance.staffOnlyTitle')}
        >
          {attendance.error.detail ?? t('attendance.staffOnly')}
        </Alert>
      </Stack>
    );
  }

  return (
    <QueryState query={attendance} notFoundIsPage>
      {(data) => {
        const { event } = data;
        const canMark = detail.data?.permissions.canMarkAttendance ?? false;
        return (
          <Stack gap="md">
            <Stack gap={4}>
              <PageTitle title={t('attendance.title', { title: event.title })} />
              <Text size="sm" c="dimmed">
                {formatEventSpan(event.startsAt, event.endsAt, event.timeZone, i18n.language)}
              </Text>
            </Stack>
            {event.status === 'cancelled' && (
              <Alert role="note" color="red" variant="light" title={t('attendance.cancelledTitle')}>
                {event.cancelReason
                  ? t('attendance.cancelledReason', { reason: event.cancelReason })
                  : t('attendance.cancelled')}
              </Alert>
            )}
            {detail.isPending ? (
              <LoadingLines />
            ) : (
              <>
                {!canMark && (
                  <Alert role="note" color="gray" variant="light" icon={<IconLock aria-hidden />}>
                    {t('attendance.readOnly')}
                  </Alert>
                )}
                <AttendanceRoster attendance={data} canMark={canMark} outbox={outbox} />
                {canMark && <AddToRosterForm attendance={data} />}
              </>
            )}
          </Stack>
        );
      }}
    </QueryState>
  );
}
