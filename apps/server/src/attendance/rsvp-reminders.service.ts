import crypto from 'node:crypto';
import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { rsvpReminderMessage } from '../push/push-messages.ts';
import type { PushDelivery, PushService } from '../push/push.service.ts';
import * as repo from './rsvp-reminders.repository.ts';

/*
 * Rules of RSVP reminders -> where they are enforced (docs/decisions/029):
 * - a family is reminded of each event (occurrence) its profile is on the
 *   roster of and has not answered, a day before answers close; not for a
 *   cancelled or past event, an archived program, or where the program's
 *   default `going` answers -> rsvp-reminders.repository.ts claimDueReminders
 * - once per event and profile across all instances: claimed with
 *   INSERT ... ON CONFLICT DO NOTHING in the statement that chooses it
 *   -> claimDueReminders
 * - spread over half an hour by a stable hash of (event, profile), not all
 *   on the hour -> claimDueReminders, reminderOffsetSeconds
 * - a push only (the home page lists unanswered events in the app), to the
 *   profile's managers whose event-changes preference is on
 *   -> sendDue (NotificationsService.managersWanting)
 * - sent after the claim commits; a crash between the two loses it (at
 *   most once) -> sendDue
 */

/** Reminders go out this long before answers close (a day), in seconds. */
export const REMINDER_LEAD_SECONDS = 24 * 60 * 60;
/** Reminders of one event are spread over this long (half an hour), in seconds. */
export const REMINDER_SPREAD_SECONDS = 30 * 60;
/** At most this many reminders are claimed per statement. */
const BATCH = 500;

/**
 * The offset, in whole seconds within `spreadSeconds`, of the reminder of
 * `profileId` for `eventId`: the first 32 bits of MD5("{eventId}:{profileId}")
 * modulo the spread. The same number the claim computes in SQL, so a pair's
 * due time is stable across passes and instances.
 */
export function reminderOffsetSeconds(
  eventId: string,
  profileId: string,
  spreadSeconds = REMINDER_SPREAD_SECONDS,
): number {
  const digest = crypto.createHash('md5').update(`${eventId}:${profileId}`).digest('hex');
  return parseInt(digest.slice(0, 8), 16) % spreadSeconds;
}

/**
 * RSVP reminders (docs/decisions/029): a pass finds the reminders due,
 * claims them so no other instance sends them too, and queues their
 * pushes. The interval job (rsvp-reminder-job.ts) runs passes.
 */
export class RsvpRemindersService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly notifications: Pick<NotificationsService, 'managersWanting'>,
    private readonly push: Pick<PushService, 'send'>,
    private readonly timing: repo.ReminderTiming = {
      leadSeconds: REMINDER_LEAD_SECONDS,
      spreadSeconds: REMINDER_SPREAD_SECONDS,
    },
  ) {}

  /**
   * One pass: claims every reminder due now, in batches, each batch with its
   * recipients (the profile's managers who want event changes) in one
   * transaction, then queues one push per (manager, profile). Returns how
   * many (event, profile) pairs this instance claimed.
   */
  async sendDue(): Promise<number> {
    let claimedTotal = 0;
    for (;;) {
      const now = this.clock.now();
      const { claimed, deliveries } = await this.db.transaction(async (tx) => {
        const claimed = await repo.claimDueReminders(tx, now, this.timing, BATCH);
        const managers = await this.notifications.managersWanting(
          tx,
          [...new Set(claimed.map((c) => c.profileId))],
          'eventChanges',
        );
        const deliveries: PushDelivery[] = claimed.flatMap((reminder) =>
          managers
            .filter((m) => m.profileId === reminder.profileId)
            .map((m) => ({ userId: m.userId, message: rsvpReminderMessage(reminder, now) })),
        );
        return { claimed, deliveries };
      });
      this.push.send(deliveries);
      claimedTotal += claimed.length;
      if (claimed.length < BATCH) return claimedTotal;
    }
  }
}
