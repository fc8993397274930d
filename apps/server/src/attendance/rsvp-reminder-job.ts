import type { RsvpRemindersService } from './rsvp-reminders.service.ts';

/** How often each instance looks for due reminders by default (5 minutes; `RSVP_REMINDER_INTERVAL_SECONDS`). */
export const RSVP_REMINDER_INTERVAL_MS = 5 * 60 * 1000;

/** Where the job reports. */
export interface ReminderJobLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** A running job: `stop()` clears its timer and waits for a pass in progress. */
export interface ReminderJob {
  stop(): Promise<void>;
}

/**
 * Runs {@link RsvpRemindersService.sendDue} now (without delaying the
 * caller) and every `intervalMs` on an unref'd timer, one pass at a time, in
 * every instance (claims keep each reminder to one instance;
 * docs/decisions/029). The spread of due times (half an hour) is wider than
 * the interval, so reminders leave over the spread. Errors are logged,
 * never thrown.
 */
export function startRsvpReminders(
  reminders: Pick<RsvpRemindersService, 'sendDue'>,
  logger: ReminderJobLogger,
  intervalMs = RSVP_REMINDER_INTERVAL_MS,
): ReminderJob {
  let running: Promise<void> | undefined;
  let isStopped = false;
  const run = () => {
    if (running || isStopped) return;
    running = reminders
      .sendDue()
      .then((sent) => {
        if (sent > 0) logger.info({ sent }, 'sent RSVP reminders');
      })
      .catch((err: unknown) => logger.error({ err }, 'RSVP reminder pass failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  const first = setImmediate(run);
  return {
    async stop() {
      isStopped = true;
      clearInterval(timer);
      clearImmediate(first);
      await running;
    },
  };
}
