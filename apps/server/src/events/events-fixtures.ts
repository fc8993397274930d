import { DateTime } from 'luxon';
import { expect } from 'vitest';
import {
  createOrg,
  createProgram,
  signUp,
  type TestApp,
  type TestUser,
} from '../../test/harness.ts';

/**
 * Shared set-up of the events tests (events, series, horizon): a program
 * in Asia/Kolkata run by a coach, families enrolled through the API, local
 * dates relative to the test clock, and attendance rows written directly
 * (these tests only need attendance rows to exist, not the RSVP and
 * attendance routes).
 */

/** The zone of the fixtures' programs. */
export const ZONE = 'Asia/Kolkata';

/** A program with its coach (the org's owner) and one enrolled child of `parent`. */
export interface ProgramFixture {
  coach: TestUser;
  parent: TestUser;
  orgId: string;
  programId: string;
  childId: string;
}

/** Enrols a new child profile of `parent` in the open program `programId`; returns its id. */
export async function enrolChild(
  t: TestApp,
  parent: TestUser,
  programId: string,
  displayName: string,
): Promise<string> {
  const child = await t.req(parent, 'POST', '/api/profiles', { displayName });
  const profileId = child.json().profile.id as string;
  const joined = await t.req(parent, 'POST', `/api/programs/${programId}/subscriptions`, {
    profileId,
  });
  expect(joined.statusCode, joined.body).toBe(201);
  return profileId;
}

/** An open program (`overrides` on create) with a coach, a parent and the parent's enrolled child. */
export async function programWithChild(
  t: TestApp,
  overrides: Record<string, unknown> = {},
): Promise<ProgramFixture> {
  const coach = await signUp(t, 'Coach Asha');
  const parent = await signUp(t, 'Parent Kiran');
  const orgId = await createOrg(t, coach, 'Events Club');
  const programId = await createProgram(t, coach, orgId, { timeZone: ZONE, ...overrides });
  await t.req(coach, 'PATCH', `/api/programs/${programId}`, { joinPolicy: 'open' });
  const childId = await enrolChild(t, parent, programId, 'Meera');
  return { coach, parent, orgId, programId, childId };
}

/** The local date (`YYYY-MM-DD`, in {@link ZONE}) of the Monday `weeks` weeks from the test clock's week. */
export function monday(t: TestApp, weeks = 0): string {
  return DateTime.fromJSDate(t.clock.now(), { zone: ZONE })
    .startOf('week')
    .plus({ weeks })
    .toISODate()!;
}

/** `date` (`YYYY-MM-DD`) plus `days`. */
export function plusDays(date: string, days: number): string {
  return DateTime.fromISO(date, { zone: 'UTC' }).plus({ days }).toISODate()!;
}

/** A UTC ISO range `?from&to` covering the local dates `fromDate..toDate` in {@link ZONE}. */
export function rangeOf(fromDate: string, toDate: string): string {
  const from = DateTime.fromISO(fromDate, { zone: ZONE }).toUTC().toISO();
  const to = DateTime.fromISO(toDate, { zone: ZONE }).plus({ days: 1 }).toUTC().toISO();
  return `?from=${encodeURIComponent(from!)}&to=${encodeURIComponent(to!)}`;
}

/** An event as the list routes answer it (the fields these tests read). */
export interface ListedEvent {
  id: string;
  seriesId: string | null;
  isException: boolean;
  title: string;
  location: string;
  status: string;
  startsAt: string;
  endsAt: string;
  version: number;
  profileId?: string;
}

/** The program's events whose local dates lie in `fromDate..toDate`, as `user` sees them. */
export async function programEvents(
  t: TestApp,
  user: TestUser,
  programId: string,
  fromDate: string,
  toDate: string,
): Promise<ListedEvent[]> {
  const res = await t.req(
    user,
    'GET',
    `/api/programs/${programId}/events${rangeOf(fromDate, toDate)}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().events;
}

/** Writes an attendance row for `profileId` at `eventId`: an RSVP answer and/or a staff mark. */
export async function writeAttendance(
  t: TestApp,
  row: {
    eventId: string;
    profileId: string;
    orgId: string;
    rsvp?: 'going' | 'maybe' | 'declined';
    waitlistRank?: number;
    status?: 'present' | 'late' | 'absent' | 'excused';
  },
): Promise<void> {
  await t.database.pool.query(
    `insert into attendance (event_id, profile_id, org_id, rsvp, rsvp_at, rsvp_waitlist_rank, status, marked_at)
     values ($1, $2, $3, $4, case when $4::text is null then null else now() end, $5, $6,
             case when $6::text is null then null else now() end)`,
    [
      row.eventId,
      row.profileId,
      row.orgId,
      row.rsvp ?? null,
      row.waitlistRank ?? null,
      row.status ?? null,
    ],
  );
}

/** The event form for a timed session on `date` from `start` to `end` (`HH:mm`). */
export function sessionForm(date: string, start: string, end: string, extra: object = {}) {
  return {
    title: 'Training',
    startLocal: `${date}T${start}`,
    endLocal: `${date}T${end}`,
    ...extra,
  };
}
