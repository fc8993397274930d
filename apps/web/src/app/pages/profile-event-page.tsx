import type { ProfileEventDetail } from '@rally/shared/events';
import { Badge, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EventSummary } from '../../components/event-summary';
import { PageTitle } from '../../components/page-title';
import { QueryState } from '../../components/query-state';
import { RsvpButtons, rsvpClosedReason } from '../../components/rsvp-buttons';
import { RsvpSummary } from '../../components/rsvp-summary';
import { useRealtimeTopics } from '../../lib/realtime';
import { useRsvpOutbox } from '../../lib/rsvp-outbox';
import { useProfileId } from '../../lib/use-profile-id';
import { MatchFollowCard } from '../../features/matches/components/match-follow-card';
import { profileEventQueryOptions, useSetProfileEventRsvp } from '../../features/profiles/api';

/**
 * An event on a profile's calendar (route `profile-event`): title, program,
 * kind, status (a cancelled event shows why, and takes no answers), times in
 * the event's zone, location with map and directions links, description, the
 * RSVP counts, the profile's RSVP buttons (with its waitlist position) and
 * its attendance mark once staff marked it.
 */
export function ProfileEventPage() {
  const profileId = useProfileId();
  const { eventId = '' } = useParams();
  const detail = useQuery(profileEventQueryOptions(profileId, eventId));
  // Counts, the waitlist, edits and a cancellation show at once.
  useRealtimeTopics([`event:${eventId}`, `profile:${profileId}`]);
  return (
    <QueryState query={detail} notFoundIsPage>
      {(data) => <ProfileEventView detail={data} />}
    </QueryState>
  );
}

function ProfileEventView({ detail }: { detail: ProfileEventDetail }) {
  const { t, i18n } = useTranslation();
  const { event, rsvp, status, counts, isRsvpOpen } = detail;
  const setRsvp = useSetProfileEventRsvp(event.profileId, event.id);
  // Keeps answers given offline moving and shows the one waiting (docs/decisions/019).
  const rsvpOutbox = useRsvpOutbox();
  const isCancelled = event.status === 'cancelled';
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <PageTitle title={event.title} />
        <Text size="sm" c="dimmed">
          {t('profileEvent.forProfile', { name: event.profileName, program: event.programName })}
        </Text>
        <EventSummary event={event} isRsvpOpen={isRsvpOpen} />
        <RsvpSummary counts={counts} />
      </Stack>
      {status !== null && (
        <Badge size="lg" variant="light" style={{ alignSelf: 'flex-start' }}>
          {t(`eventPage.marked.${status}`)}
        </Badge>
      )}
      {event.kind === 'match' && !isCancelled && (
        <MatchFollowCard
          programId={event.programId}
          eventId={event.id}
          teamName={event.programName}
        />
      )}
      {!isCancelled && (
        <Stack gap="sm" component="section" aria-labelledby="profile-event-rsvp">
          <Title order={2} size="h3" id="profile-event-rsvp">
            {t('profileEvent.rsvpTitle')}
          </Title>
          <RsvpButtons
            name={event.profileName}
            rsvp={rsvp}
            closedReason={rsvpClosedReason(t, event, isRsvpOpen, i18n.language)}
            pendingAnswer={setRsvp.isPending ? setRsvp.variables : null}
            error={setRsvp.error}
            onAnswer={(answer) => setRsvp.mutate(answer)}
            waitingAnswer={rsvpOutbox.waitingAnswer(event.profileId, event.id)}
          />
        </Stack>
      )}
    </Stack>
  );
}
