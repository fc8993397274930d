import type { Notification } from '@rally/shared/notifications';
import type { TFunction } from 'i18next';
import { formatDateTime, viewerTimeZone } from '../../lib/format';

/** What a notification shows: a headline and (maybe empty) a line under it. */
export interface NotificationText {
  title: string;
  body: string;
}

function text(data: Record<string, unknown>, key: string): string {
  const value = data[key];
  return typeof value === 'string' ? value : '';
}

/** The enrolment steps the server tells about (docs/decisions/007), by `data.action`. */
const ENROLMENT_ACTIONS = ['requested', 'waitlisted', 'approved', 'rejected'] as const;
type EnrolmentAction = (typeof ENROLMENT_ACTIONS)[number];

function enrolmentAction(data: Record<string, unknown>): EnrolmentAction | null {
  const action = text(data, 'action');
  return (ENROLMENT_ACTIONS as readonly string[]).includes(action)
    ? (action as EnrolmentAction)
    : null;
}

/**
 * The headline and line of a notification (docs/decisions/007), from its
 * `kind`, its `path` (a program route means the staff side) and the `data`
 * it was written with: `senderName`, `programName`, `profileName`, `body`
 * (a message snippet), `eventTitle`, `startsAt` + `timeZone`, `location`,
 * `reason`, `removed` + `sessions` + `restOfSeries` (events deleted), `action` (enrolment
 * step), `title`, and a lineup's `role`, `opponent` and `isUpdate`. Times are shown in the
 * event's zone. A missing field falls back to a wording without it.
 */
export function describeNotification(
  t: TFunction,
  notification: Notification,
  locale: string,
): NotificationText {
  const { data } = notification;
  const sender = text(data, 'senderName');
  const program = text(data, 'programName');
  const profile = text(data, 'profileName');
  const event = text(data, 'eventTitle') || text(data, 'title');
  const startsAt = text(data, 'startsAt');
  const zone = text(data, 'timeZone') || viewerTimeZone();
  const when = startsAt ? formatDateTime(startsAt, zone, locale) : '';
  const body = text(data, 'body');
  const k = 'notifications.kinds';
  switch (notification.kind) {
    case 'message': {
      const isStaffSide = notification.path.startsWith('/programs/');
      const title = !sender
        ? t(`${k}.message`)
        : isStaffSide && profile
          ? t(`${k}.messageAbout`, { name: sender, profile })
          : program
            ? t(`${k}.messageFromProgram`, { name: sender, program })
            : t(`${k}.messageFrom`, { name: sender });
      return { title, body };
    }
    case 'announcement':
      return {
        title: program ? t(`${k}.announcementFrom`, { program }) : t(`${k}.announcement`),
        body,
      };
    case 'event_cancelled': {
      if (data.removed === true) {
        // Deleted rather than cancelled: one notice for all the sessions that went.
        const sessions = typeof data.sessions === 'number' ? data.sessions : 1;
        return {
          title: event ? t(`${k}.eventRemovedNamed`, { event }) : t(`${k}.eventRemoved`),
          body: !when
            ? ''
            : data.restOfSeries === true && sessions > 1
              ? t(`${k}.seriesRemovedFrom`, { when })
              : t(`${k}.sessionsRemoved`, { count: sessions, when }),
        };
      }
      const reason = text(data, 'reason');
      return {
        title: event ? t(`${k}.eventCancelledNamed`, { event }) : t(`${k}.eventCancelled`),
        body: reason ? t(`${k}.reason`, { when, reason }) : when,
      };
    }
    case 'event_changed': {
      const location = text(data, 'location');
      return {
        title: event ? t(`${k}.eventChangedNamed`, { event }) : t(`${k}.eventChanged`),
        body: !when
          ? location
          : location
            ? t(`${k}.eventNowAt`, { when, location })
            : t(`${k}.eventNow`, { when }),
      };
    }
    case 'rsvp_promoted':
      return {
        title: !event
          ? t(`${k}.rsvpPromoted`)
          : profile
            ? t(`${k}.rsvpPromotedProfile`, { profile, event })
            : t(`${k}.rsvpPromotedEvent`, { event }),
        body: when,
      };
    case 'enrolment': {
      const action = enrolmentAction(data);
      return {
        title:
          action && profile && program
            ? t(`${k}.enrolment.${action}`, { profile, program })
            : t(`${k}.enrolment.other`),
        body: action && profile && program ? '' : [profile, program].filter(Boolean).join(' · '),
      };
    }
    case 'lineup_published': {
      const opponent = text(data, 'opponent');
      const match = event && opponent ? t(`${k}.matchAgainst`, { event, opponent }) : event;
      const who = profile || t(`${k}.yourPlayer`);
      const role =
        data.role === 'starter' ? t(`${k}.lineupStarts`, { who }) : t(`${k}.lineupBench`, { who });
      return {
        title: !match
          ? t(`${k}.lineup`)
          : data.isUpdate === true
            ? t(`${k}.lineupChanged`, { match })
            : t(`${k}.lineupFor`, { match }),
        body: when ? `${role} · ${when}` : role,
      };
    }
  }
}
