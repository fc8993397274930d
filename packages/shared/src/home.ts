import { z } from 'zod';
import { idSchema } from './common.ts';
import { eventSchema, rsvpAnswerSchema, rsvpCountsSchema } from './events.ts';
import { orgSchema } from './orgs.ts';
import { profileSchema } from './profiles.ts';

/** How many days the staff home covers: today and tomorrow (docs/decisions/019). */
export const STAFF_HOME_DAYS = 2;
/** At most this many events on the family home: one card each (docs/decisions/019). */
export const FAMILY_HOME_EVENTS = 10;

/**
 * One session on the staff home (docs/decisions/019): the event, its
 * organisation's name, RSVP counts over its roster (`noAnswer` = the roster
 * minus the answers; `going` includes unanswered rows when the program's
 * default `going` applies) and whether "Take attendance" is offered (a
 * scheduled event of an active program: never on a cancelled one).
 */
export const staffSessionSchema = z.object({
  event: eventSchema,
  orgName: z.string(),
  counts: rsvpCountsSchema,
  canTakeAttendance: z.boolean(),
});
/** See {@link staffSessionSchema}. */
export type StaffSession = z.infer<typeof staffSessionSchema>;

/** Join requests waiting for staff approval in one program (pending, not on the waitlist). */
export const joinRequestCountSchema = z.object({
  programId: idSchema,
  programName: z.string(),
  orgName: z.string(),
  count: z.number().int().positive(),
});
/** See {@link joinRequestCountSchema}. */
export type JoinRequestCount = z.infer<typeof joinRequestCountSchema>;

/** Threads of one program with family messages its staff have not read. */
export const unreadThreadCountSchema = z.object({
  programId: idSchema,
  programName: z.string(),
  count: z.number().int().positive(),
});
/** See {@link unreadThreadCountSchema}. */
export type UnreadThreadCount = z.infer<typeof unreadThreadCountSchema>;

/**
 * The staff part of the home (docs/decisions/019), for a user who staffs at
 * least one active program (owner/admin of its org, or its manager/coach):
 * every session today and tomorrow (by each event's own time zone) across
 * all of them, by start; and, per program, join requests and unread threads.
 */
export const staffHomeSchema = z.object({
  sessions: z.array(staffSessionSchema),
  joinRequests: z.array(joinRequestCountSchema),
  unreadThreads: z.array(unreadThreadCountSchema),
});
/** See {@link staffHomeSchema}. */
export type StaffHome = z.infer<typeof staffHomeSchema>;

/**
 * One of the user's profiles on a family event card: its own answer, else
 * the program's default (`isDefault`), and its waitlist position (1 = next)
 * when it is `going` but waiting for a place.
 */
export const familyEventProfileSchema = z.object({
  profileId: idSchema,
  displayName: z.string(),
  answer: rsvpAnswerSchema.nullable(),
  isDefault: z.boolean(),
  waitlistPosition: z.number().int().nullable(),
});
/** See {@link familyEventProfileSchema}. */
export type FamilyEventProfile = z.infer<typeof familyEventProfileSchema>;

/**
 * One family event card (docs/decisions/019): an event on the calendar of at
 * least one profile the user manages, with every such profile (by name), and
 * whether answers are still open (scheduled and before the RSVP deadline).
 */
export const familyEventSchema = z.object({
  event: eventSchema,
  profiles: z.array(familyEventProfileSchema).min(1),
  isRsvpOpen: z.boolean(),
});
/** See {@link familyEventSchema}. */
export type FamilyEvent = z.infer<typeof familyEventSchema>;

/**
 * What a profile owes in one subscription: the dues balance (charges minus
 * payments) in integer minor units of `currency` (ISO 4217), only when above 0.
 */
export const owedDuesSchema = z.object({
  subscriptionId: idSchema,
  programId: idSchema,
  programName: z.string(),
  profileId: idSchema,
  profileName: z.string(),
  balanceMinor: z.number().int().positive(),
  currency: z.string(),
});
/** See {@link owedDuesSchema}. */
export type OwedDues = z.infer<typeof owedDuesSchema>;

/** A profile waiting for a place in a program: `position` 1 = next in line (docs/decisions/005). */
export const waitlistPlaceSchema = z.object({
  subscriptionId: idSchema,
  programId: idSchema,
  programName: z.string(),
  profileId: idSchema,
  profileName: z.string(),
  position: z.number().int().positive(),
});
/** See {@link waitlistPlaceSchema}. */
export type WaitlistPlace = z.infer<typeof waitlistPlaceSchema>;

/**
 * The family part of the home (docs/decisions/019): the next
 * {@link FAMILY_HOME_EVENTS} events (not ended) on the calendars of the
 * profiles the user manages, one card per event; dues owed; waitlist places.
 */
export const familyHomeSchema = z.object({
  events: z.array(familyEventSchema),
  dues: z.array(owedDuesSchema),
  waitlist: z.array(waitlistPlaceSchema),
});
/** See {@link familyHomeSchema}. */
export type FamilyHome = z.infer<typeof familyHomeSchema>;

/**
 * Answer of `GET /api/home`: the `/` page, a home for each role
 * (docs/decisions/019) — the user's profiles and organisations, the staff
 * part (null when they staff no active program), the family part, and
 * `isNewcomer` (no organisation, no staffed program and no live
 * subscription of any profile they manage: the page offers "join by link"
 * and "create an organisation").
 */
export const homeSchema = z.object({
  profiles: z.array(profileSchema),
  orgs: z.array(orgSchema),
  staff: staffHomeSchema.nullable(),
  family: familyHomeSchema,
  isNewcomer: z.boolean(),
});
/** See {@link homeSchema}. */
export type Home = z.infer<typeof homeSchema>;
