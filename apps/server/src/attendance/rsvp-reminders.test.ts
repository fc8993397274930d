import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createProgram, createTestApp, type TestApp } from '../../test/harness.ts';
import { FakeFcm, FakeWebPushService, fakePushOptions } from '../../test/fake-push-services.ts';
import type { Clock } from '../lib/clock.ts';
import { formatWhen } from '../push/push-messages.ts';
import { startRsvpReminders } from './rsvp-reminder-job.ts';
import {
  REMINDER_SPREAD_SECONDS,
  reminderOffsetSeconds,
  RsvpRemindersService,
} from './rsvp-reminders.service.ts';
import {
  cancelEvent,
  createClub,
  createEvent,
  enrolFamily,
  localOf,
  type Family,
} from './test-fixtures.ts';

/*
 * RSVP reminders (docs/decisions/029) with two server instances on one
 * database, each with its own push transports against the same local fakes:
 * run at the same time, they remind each unanswered (event, profile) once,
 * at a due time spread by a stable hash, through each manager's devices;
 * cancelled, closed, answered and default-`going` ones are skipped, and a
 * manager who turned event changes off gets nothing. The passes run on a
 * clock the test holds still, so due times are exact.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let webPush: FakeWebPushService;
let fcm: FakeFcm;
let one: TestApp;
let two: TestApp;

beforeAll(async () => {
  [webPush, fcm] = await Promise.all([FakeWebPushService.start(), FakeFcm.start()]);
  one = await createTestApp({ push: await fakePushOptions(webPush, fcm) });
  two = await createTestApp({
    databaseUrl: one.databaseUrl,
    push: await fakePushOptions(webPush, fcm),
  });
});
afterAll(async () => {
  await two.close();
  await one.close();
  await Promise.all([webPush.close(), fcm.close()]);
});

/** A clock that stands still at `at` until moved. */
class StillClock implements Clock {
  constructor(public at: Date) {}
  now(): Date {
    return this.at;
  }
}

/** The reminder service of `t` on `clock` (every other part the app's own). */
function remindersOf(t: TestApp, clock: Clock) {
  return new RsvpRemindersService(t.database.db, clock, t.services.notifications, t.services.push);
}

describe('RSVP reminders across two instances', () => {
  it('remind each unanswered (event, profile) once, spread by a stable hash, to the wanting managers', async () => {
    const t = one;
    const base = new Date(Math.floor(t.clock.now().getTime() / MINUTE) * MINUTE);
    const { coach, programId } = await createClub(t);
    const families: Family[] = [];
    for (let i = 0; i < 6; i += 1)
      families.push(await enrolFamily(t, coach, programId, `Child ${i}`));
    // A program whose default answer is `going`: a reminder only where a capacity stops the default.
    const { rows } = await t.database.pool.query('select org_id from programs where id = $1', [
      programId,
    ]);
    const defaultGoing = await createProgram(t, coach, rows[0].org_id, { name: 'Open Nets' });
    // Set directly: the programs area owns its settings route and tests.
    await t.database.pool.query("update programs set default_rsvp = 'going' where id = $1", [
      defaultGoing,
    ]);
    const netsFamily = await enrolFamily(t, coach, defaultGoing, 'Net Child');
    const at = (ms: number) => localOf(new Date(base.getTime() + ms));

    // B: no RSVP close, so answers close at its start, 26 h on: reminders due 2 h on, over 30 min.
    const eventB = await createEvent(t, coach, programId, {
      title: 'Training B',
      startLocal: at(26 * HOUR),
    });
    // A: answers close 2 h before its start, 28 h on: reminders due 4 h on.
    const eventA = await createEvent(t, coach, programId, {
      title: 'Match A',
      startLocal: at(30 * HOUR),
      rsvpCloseMinutes: 120,
    });
    const cancelled = await createEvent(t, coach, programId, {
      title: 'Off',
      startLocal: at(25 * HOUR),
    });
    await cancelEvent(t, cancelled);
    // Answers already closed (4 h before a start 3 h on).
    await createEvent(t, coach, programId, {
      title: 'Closed',
      startLocal: at(3 * HOUR),
      rsvpCloseMinutes: 240,
    });
    await createEvent(t, coach, defaultGoing, { title: 'Nets', startLocal: at(26 * HOUR) });
    const limited = await createEvent(t, coach, defaultGoing, {
      title: 'Limited nets',
      startLocal: at(26 * HOUR),
      capacity: 8,
    });

    // Each parent's device: browsers and phones in turn.
    const parents = [...families, netsFamily];
    const devices = new Map<string, () => unknown[]>();
    for (const [i, f] of parents.entries()) {
      if (i % 2 === 0) {
        const browser = webPush.subscribe();
        await t.req(f.parent, 'PUT', '/api/push/subscription', browser.json);
        devices.set(f.childId, () => webPush.messagesOf(browser.id).map((m) => m.payload));
      } else {
        const token = `fcm:reminder-${i}-${'x'.repeat(30)}`;
        await t.req(f.parent, 'PUT', '/api/push/subscription', { transport: 'fcm', token });
        devices.set(f.childId, () =>
          fcm
            .messagesOf(token)
            .map(({ message }) => ({ ...message.notification, ...message.data })),
        );
      }
    }
    const [answered, quiet] = families as [Family, Family];
    const rsvp = await t.req(
      answered.parent,
      'PUT',
      `/api/profiles/${answered.childId}/events/${eventA}/rsvp`,
      {
        answer: 'going',
      },
    );
    expect(rsvp.statusCode, rsvp.body).toBe(200);
    await t.req(quiet.parent, 'PUT', '/api/notifications/preferences', { eventChanges: false });

    const clock = new StillClock(base);
    const [r1, r2] = [remindersOf(one, clock), remindersOf(two, clock)];
    const bothPasses = async () => {
      const claimed = await Promise.all([r1.sendDue(), r2.sendDue()]);
      await Promise.all([one.services.push.idle(), two.services.push.idle()]);
      return claimed[0] + claimed[1];
    };
    const claimedPairs = async () =>
      (
        await t.database.pool.query(
          "select event_id || ':' || profile_id as pair from rsvp_reminders order by 1",
        )
      ).rows.map((r: { pair: string }) => r.pair);

    expect(await bothPasses()).toBe(0);

    // Halfway through the spread of B (and of the limited nets, at the same time): exactly
    // the pairs whose stable offset is at most 15 minutes.
    clock.at = new Date(base.getTime() + 2 * HOUR + 15 * MINUTE);
    const dueEarly = [
      ...families.map((f) => [eventB, f.childId] as const),
      [limited, netsFamily.childId] as const,
    ]
      .filter(([eventId, profileId]) => reminderOffsetSeconds(eventId, profileId) <= 15 * 60)
      .map(([eventId, profileId]) => `${eventId}:${profileId}`);
    expect(await bothPasses()).toBe(dueEarly.length);
    expect(await claimedPairs()).toEqual(dueEarly.sort());

    // After A's spread: every unanswered pair of B and A, once, and the capacity-limited nets.
    clock.at = new Date(base.getTime() + 4 * HOUR + 30 * MINUTE);
    const all = [
      ...families.map((f) => `${eventB}:${f.childId}`),
      ...families.filter((f) => f !== answered).map((f) => `${eventA}:${f.childId}`),
      `${limited}:${netsFamily.childId}`,
    ].sort();
    expect(await bothPasses()).toBe(all.length - dueEarly.length);
    expect(await claimedPairs()).toEqual(all);
    expect(await bothPasses()).toBe(0);

    // What each family's device got: one push per event it has not answered; none for `quiet`.
    const reminder = (
      childId: string,
      name: string,
      eventId: string,
      title: string,
      startMs: number,
      closeMs: number,
    ) => {
      const path = `/p/${childId}/events/${eventId}`;
      const when = formatWhen(new Date(base.getTime() + startMs), 'Asia/Kolkata');
      const closes = formatWhen(new Date(base.getTime() + closeMs), 'Asia/Kolkata');
      return {
        title: `Is ${name} coming to ${title}?`,
        body: `U12 Football · ${when}. Please answer by ${closes}.`,
        path,
        tag: path,
      };
    };
    for (const [i, f] of families.entries()) {
      const got = devices.get(f.childId)!();
      if (f === quiet) {
        expect(got).toEqual([]);
        continue;
      }
      const expected = [
        reminder(f.childId, `Child ${i}`, eventB, 'Training B', 26 * HOUR, 26 * HOUR),
      ];
      if (f !== answered) {
        expected.push(reminder(f.childId, `Child ${i}`, eventA, 'Match A', 30 * HOUR, 28 * HOUR));
      }
      expect(got.sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y)))).toEqual(
        expected.sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y))),
      );
    }
    expect(devices.get(netsFamily.childId)!()).toEqual([
      {
        title: 'Is Net Child coming to Limited nets?',
        body: expect.stringContaining('Open Nets'),
        path: `/p/${netsFamily.childId}/events/${limited}`,
        tag: `/p/${netsFamily.childId}/events/${limited}`,
      },
    ]);
    // A reminder lives until answers close: B's sent at 2:15 or 4:30 and A's at 4:30 (hours in).
    const ttls = new Set(webPush.received.map((m) => m.ttl));
    const untilClose = (closeH: number, sentH: number) => (closeH - sentH) * 3600;
    expect(
      [...ttls].filter(
        (ttl) => ![untilClose(26, 2.25), untilClose(26, 4.5), untilClose(28, 4.5)].includes(ttl),
      ),
    ).toEqual([]);
    expect(webPush.refused).toEqual([]);
    expect(fcm.refused).toEqual([]);
  }, 60_000);

  it('spreads due times evenly over half an hour, the same in SQL and JavaScript', () => {
    const buckets = new Set<number>();
    for (let i = 0; i < 600; i += 1) {
      const offset = reminderOffsetSeconds(`event-${i % 20}`, `profile-${i}`);
      expect(offset).toBeGreaterThanOrEqual(0);
      expect(offset).toBeLessThan(REMINDER_SPREAD_SECONDS);
      buckets.add(Math.floor(offset / 60));
    }
    expect(buckets.size).toBe(30);
    expect(reminderOffsetSeconds('a', 'b')).toBe(reminderOffsetSeconds('a', 'b'));
  });
});

/** Lets pending promise callbacks run (one real macrotask turn; timers here are fake). */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('the reminder job', () => {
  it('runs a pass at start and every interval, one at a time, logs failures, and stops after the pass in flight', async () => {
    vi.useFakeTimers({
      toFake: ['setInterval', 'clearInterval', 'setImmediate', 'clearImmediate'],
    });
    try {
      let finish: () => void = () => {};
      const passes: string[] = [];
      const sendDue = vi.fn(async () => {
        passes.push('start');
        if (passes.length === 2) throw new Error('database away');
        await new Promise<void>((resolve) => {
          finish = resolve;
        });
        return 3;
      });
      const logger = { info: vi.fn(), error: vi.fn() };
      const job = startRsvpReminders({ sendDue }, logger, 1000);
      vi.advanceTimersToNextTimer(); // the pass at start
      expect(sendDue).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(3000); // a pass is running: no second one
      expect(sendDue).toHaveBeenCalledTimes(1);
      finish();
      await settle();
      expect(logger.info).toHaveBeenCalledWith({ sent: 3 }, 'sent RSVP reminders');
      vi.advanceTimersByTime(1000);
      await settle();
      expect(logger.error).toHaveBeenCalledWith(
        { err: new Error('database away') },
        'RSVP reminder pass failed',
      );
      vi.advanceTimersByTime(1000);
      expect(sendDue).toHaveBeenCalledTimes(3);
      let stopped = false;
      const stopping = job.stop().then(() => {
        stopped = true;
      });
      await Promise.resolve();
      expect(stopped).toBe(false);
      finish();
      await stopping;
      vi.advanceTimersByTime(5000);
      expect(sendDue).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
