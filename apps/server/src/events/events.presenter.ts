import type { Event, ProfileEvent } from '@rally/shared/events';
import type { EventRow, ProfileEventRow } from './events.repository.ts';

/** The API shape of an event (`eventSchema`): instants as UTC ISO strings. */
export function presentEvent(e: EventRow): Event {
  return {
    id: e.id,
    programId: e.programId,
    programName: e.programName,
    orgId: e.orgId,
    title: e.title,
    kind: e.kind,
    status: e.status,
    startsAt: e.startsAt.toISOString(),
    endsAt: e.endsAt.toISOString(),
    timeZone: e.timeZone,
    location: e.location,
    description: e.description,
  };
}

/** The API shape of an event on a profile's calendar (`profileEventSchema`). */
export function presentProfileEvent(e: ProfileEventRow): ProfileEvent {
  return { ...presentEvent(e), profileId: e.profileId, profileName: e.profileName };
}
