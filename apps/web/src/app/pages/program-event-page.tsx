import type { EventDetail } from '@rally/shared/events';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EventSummary } from '../../components/event-summary';
import { PageTitle } from '../../components/page-title';
import { QueryState } from '../../components/query-state';
import { RsvpSummary } from '../../components/rsvp-summary';
import { EventRoster } from '../../features/attendance/components/event-roster';
import { FamilyRsvp } from '../../features/attendance/components/family-rsvp';
import { programEventQueryOptions } from '../../features/events/api';
import { EventActions } from '../../features/events/components/event-actions';
import { useRealtimeTopics } from '../../lib/realtime';
import { describeRecurrence } from '../../lib/recurrence-text';
import { programPath, useProgramId } from '../../lib/use-program-id';

/**
 * An event of a program (route `program-event`): its details (times in the
 * event's zone, how its series repeats, a cancelled banner with the reason,
 * map and directions links), the RSVP counts, the caller's own profiles with
 * their RSVP buttons, and for staff the actions (edit, take attendance,
 * cancel or reinstate, delete) and who is coming, grouped by answer.
 */
export function ProgramEventPage() {
  const programId = useProgramId();
  const { eventId = '' } = useParams();
  const detail = useQuery(programEventQueryOptions(programId, eventId));
  // RSVPs, marks and edits by others show at once; a series edit arrives on the program's topic.
  useRealtimeTopics([`event:${eventId}`, `program:${programId}`]);
  return (
    <QueryState query={detail} notFoundIsPage>
      {(data) => <EventDetailView detail={data} />}
    </QueryState>
  );
}

function EventDetailView({ detail }: { detail: EventDetail }) {
  const { t, i18n } = useTranslation();
  const { event, series, counts, family, roster, permissions } = detail;
  const repeatText = series
    ? describeRecurrence(t, series.recurrence, series.startLocal, i18n.language)
    : null;
  const hasActions = permissions.canEdit || permissions.canMarkAttendance;
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <PageTitle title={event.title} />
        <Text size="sm">
          <Anchor component={Link} to={programPath(event.programId)}>
            {event.programName}
          </Anchor>
        </Text>
        <EventSummary event={event} repeatText={repeatText} isRsvpOpen={detail.isRsvpOpen} />
        <RsvpSummary counts={counts} />
      </Stack>
      {hasActions && <EventActions detail={detail} />}
      {family.length > 0 && <FamilyRsvp detail={detail} />}
      {roster !== null && (
        <Stack gap="sm" component="section" aria-labelledby="event-roster">
          <Title order={2} size="h3" id="event-roster">
            {t('eventRoster.title', { count: roster.length })}
          </Title>
          <EventRoster
            programId={event.programId}
            eventId={event.id}
            roster={roster}
            canReorder={permissions.canEdit}
          />
        </Stack>
      )}
    </Stack>
  );
}
