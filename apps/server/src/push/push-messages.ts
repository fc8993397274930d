import type { NotificationKind } from '@rally/shared/notifications';
import type { PushMessage } from './push-transport.ts';

// What each push says (docs/decisions/029). English only, as the web app's
// en-US texts of the same notifications say it
// (apps/web/src/features/notifications/notification-text.ts): the server
// does not know a device's language yet (the i18n gap of decision 029).
// As little personal data as possible: names and times needed to make
// sense of it; never a private message's text (FCM is not end-to-end
// encrypted), never a phone number.

/** How long a push waits for an offline device by default: a day, in seconds. */
export const DEFAULT_TTL_SECONDS = 24 * 60 * 60;
/** The longest title and body of a push, in characters (lock screens show about this much). */
const MAX_TITLE = 80;
const MAX_BODY = 160;

/** A committed in-app notification, as far as its push needs it (a `notifications` row). */
export interface NotifiedRow {
  userId: string;
  kind: string;
  path: string;
  data: Record<string, unknown>;
}

/** `value` cut to `max` characters with an ellipsis. */
function cut(value: string, max: number): string {
  return value.length > max ? `${value.slice(0, max - 1)}…` : value;
}

/** The string at `data[key]`, else ''. */
function text(data: Record<string, unknown>, key: string): string {
  const value = data[key];
  return typeof value === 'string' ? value : '';
}

/**
 * An instant (ISO 8601 or Date) as people read it in `timeZone`, en-US:
 * "Tue, Jan 14, 6:00 PM". '' when it is not a date.
 */
export function formatWhen(at: string | Date, timeZone: string): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  if (Number.isNaN(date.getTime())) return '';
  try {
    return new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }).format(date);
  } catch {
    return '';
  }
}

/** The title and body of a notification of `kind`, or null when it has no push. */
function wordsOf(
  kind: NotificationKind,
  path: string,
  data: Record<string, unknown>,
): { title: string; body: string } | null {
  const sender = text(data, 'senderName');
  const program = text(data, 'programName');
  const profile = text(data, 'profileName');
  const event = text(data, 'eventTitle') || text(data, 'title');
  const startsAt = text(data, 'startsAt');
  const when = startsAt ? formatWhen(startsAt, text(data, 'timeZone') || 'UTC') : '';
  switch (kind) {
    case 'message': {
      const isStaffSide = path.startsWith('/programs/');
      const title = !sender
        ? 'New message'
        : isStaffSide && profile
          ? `${sender} wrote about ${profile}`
          : program
            ? `${sender} wrote from ${program}`
            : `New message from ${sender}`;
      return { title, body: 'Tap to read it.' };
    }
    case 'announcement':
      return {
        title: program ? `Announcement from ${program}` : 'New announcement',
        body: text(data, 'body'),
      };
    case 'event_cancelled': {
      if (data.removed === true) {
        const sessions = typeof data.sessions === 'number' ? data.sessions : 1;
        const body = !when
          ? ''
          : data.restOfSeries === true && sessions > 1
            ? `Every session from ${when} on`
            : sessions > 1
              ? `${sessions} sessions from ${when}`
              : when;
        const title = event ? `${event} was removed from the calendar` : 'An event was removed';
        return { title, body };
      }
      const reason = text(data, 'reason');
      return {
        title: event ? `${event} was cancelled` : 'An event was cancelled',
        body: reason ? `${when} · ${reason}` : when,
      };
    }
    case 'event_changed': {
      const location = text(data, 'location');
      const body = !when ? location : location ? `Now ${when} at ${location}` : `Now ${when}`;
      return { title: event ? `${event} changed` : 'An event changed', body };
    }
    case 'rsvp_promoted':
      return {
        title: !event
          ? 'A place opened up for you'
          : profile
            ? `${profile} got a place at ${event}`
            : `You got a place at ${event}`,
        body: when,
      };
    case 'enrolment':
      return enrolmentWords(text(data, 'action'), profile, program);
    case 'lineup_published': {
      const opponent = text(data, 'opponent');
      const match = event ? (opponent ? `${event} v ${opponent}` : event) : 'the match';
      const role = text(data, 'role') === 'starter' ? 'starts' : 'is on the bench';
      const who = profile || 'Your player';
      const title =
        data.isUpdate === true ? `The lineup for ${match} changed` : `Lineup for ${match}`;
      return { title, body: when ? `${who} ${role} · ${when}` : `${who} ${role}` };
    }
    default:
      return null;
  }
}

/** An enrolment step's words (docs/decisions/007: requested, waitlisted, approved, rejected). */
function enrolmentWords(action: string, profile: string, program: string) {
  const titles: Record<string, string> = {
    requested: `${profile} asked to join ${program}`,
    waitlisted: `${profile} is on the waitlist of ${program}`,
    approved: `${profile}'s place in ${program} is confirmed`,
    rejected: `${profile}'s request to join ${program} was declined`,
  };
  const title = profile && program ? titles[action] : undefined;
  if (title) return { title, body: '' };
  return { title: 'Enrolment update', body: [profile, program].filter(Boolean).join(' · ') };
}

/**
 * The push of a committed in-app notification (docs/decisions/029): its
 * words by kind, its `path` to open and as `tag` (a newer push about the
 * same page replaces the older one), a day to live, `high` urgency for a
 * message from a person. Null for a kind without a push.
 */
export function pushMessageOf(row: NotifiedRow): PushMessage | null {
  const words = wordsOf(row.kind as NotificationKind, row.path, row.data);
  if (!words) return null;
  return {
    title: cut(words.title, MAX_TITLE),
    body: cut(words.body, MAX_BODY),
    path: row.path,
    tag: row.path,
    ttlSeconds: DEFAULT_TTL_SECONDS,
    urgency: row.kind === 'message' ? 'high' : 'normal',
  };
}

/** What an RSVP reminder tells (docs/decisions/029): the profile, the event and when answers close. */
export interface RsvpReminderFacts {
  profileId: string;
  profileName: string;
  eventId: string;
  eventTitle: string;
  programName: string;
  startsAt: Date;
  /** When answers close (UTC): `rsvpDeadline` of the event. */
  deadline: Date;
  timeZone: string;
}

/**
 * The push reminding a family that `profileName` has not answered
 * `eventTitle`: it opens the profile's event page (also its tag), and lives
 * until answers close (at least a minute), since it means nothing after.
 */
export function rsvpReminderMessage(facts: RsvpReminderFacts, now: Date): PushMessage {
  const when = formatWhen(facts.startsAt, facts.timeZone);
  const closes = formatWhen(facts.deadline, facts.timeZone);
  const path = `/p/${facts.profileId}/events/${facts.eventId}`;
  const secondsLeft = Math.floor((facts.deadline.getTime() - now.getTime()) / 1000);
  return {
    title: cut(`Is ${facts.profileName} coming to ${facts.eventTitle}?`, MAX_TITLE),
    body: cut(`${facts.programName} · ${when}. Please answer by ${closes}.`, MAX_BODY),
    path,
    tag: path,
    ttlSeconds: Math.max(60, secondsLeft),
    urgency: 'normal',
  };
}
