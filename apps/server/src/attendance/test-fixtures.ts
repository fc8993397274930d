import { DateTime } from 'luxon';
import {
  acceptInvites,
  createOrg,
  createProgram,
  signUp,
  type TestApp,
  type TestUser,
} from '../../test/harness.ts';

/**
 * Test factories of the RSVP, attendance and report tests (docs/decisions/006). Not
 * part of the server: only `*.test.ts` files import this.
 */

/** A club with a coach who owns it and one program (in Asia/Kolkata unless told). */
export async function createClub(
  t: TestApp,
  programOverrides: Record<string, unknown> = {},
): Promise<{ coach: TestUser; orgId: string; programId: string }> {
  const coach = await signUp(t, 'Coach Kavya');
  const orgId = await createOrg(t, coach, 'Rally Club');
  const programId = await createProgram(t, coach, orgId, programOverrides);
  return { coach, orgId, programId };
}

/** A parent (their own login) and the child profile the coach enrolled for them. */
export interface Family {
  parent: TestUser;
  childId: string;
  subscriptionId: string;
}

/**
 * Signs up a parent and has the coach enrol a child by name with the
 * parent's phone as guardian (staff enrolment: active at once); the parent
 * accepts the invite to manage the child (docs/decisions/009). `planId`
 * picks a fee plan (e.g. a session pack).
 */
export async function enrolFamily(
  t: TestApp,
  coach: TestUser,
  programId: string,
  childName: string,
  planId?: string,
): Promise<Family> {
  const parent = await signUp(t, `Parent of ${childName}`);
  const res = await t.req(coach, 'POST', `/api/programs/${programId}/subscriptions`, {
    newProfile: { displayName: childName, guardianPhone: parent.phoneNumber },
    ...(planId ? { planId } : {}),
  });
  if (res.statusCode !== 201) throw new Error(`enrol failed: ${res.body}`);
  const subscription = res.json().subscription;
  await acceptInvites(t, parent);
  return { parent, childId: subscription.profileId, subscriptionId: subscription.id };
}

/** What {@link createEvent} may set besides its defaults. */
export interface EventOptions {
  title?: string;
  /** Local start in the program's zone; default: tomorrow 18:00 by the app's clock. */
  startLocal?: string;
  minutes?: number;
  capacity?: number | null;
  rsvpCloseMinutes?: number | null;
}

/** `at` as a local `YYYY-MM-DDTHH:mm` in `zone`. */
export function localOf(at: Date, zone = 'Asia/Kolkata'): string {
  return DateTime.fromJSDate(at, { zone }).toFormat("yyyy-MM-dd'T'HH:mm");
}

/**
 * Creates an event through the API and sets its capacity and RSVP close
 * directly, so these tests do not depend on how the event form handles
 * them (that is the events area's to test). Returns the event id.
 */
export async function createEvent(
  t: TestApp,
  coach: TestUser,
  programId: string,
  options: EventOptions = {},
): Promise<string> {
  const tomorrow = DateTime.fromJSDate(t.clock.now(), { zone: 'Asia/Kolkata' })
    .plus({ days: 1 })
    .set({ hour: 18, minute: 0 });
  const start = options.startLocal
    ? DateTime.fromISO(options.startLocal, { zone: 'Asia/Kolkata' })
    : tomorrow;
  const end = start.plus({ minutes: options.minutes ?? 90 });
  const res = await t.req(coach, 'POST', `/api/programs/${programId}/events`, {
    title: options.title ?? 'Training',
    startLocal: start.toFormat("yyyy-MM-dd'T'HH:mm"),
    endLocal: end.toFormat("yyyy-MM-dd'T'HH:mm"),
  });
  if (res.statusCode !== 201) throw new Error(`create event failed: ${res.body}`);
  const eventId = res.json().event.id as string;
  await t.database.pool.query(
    'update events set capacity = $2, rsvp_close_minutes = $3 where id = $1',
    [eventId, options.capacity ?? null, options.rsvpCloseMinutes ?? null],
  );
  return eventId;
}

/** Cancels an event directly (the events area owns the cancel route and its tests). */
export async function cancelEvent(t: TestApp, eventId: string): Promise<void> {
  await t.database.pool.query(
    `update events set status = 'cancelled', cancelled_at = now(), version = version + 1
     where id = $1`,
    [eventId],
  );
}
