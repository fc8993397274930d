import { z } from 'zod';
import { idSchema } from './common.ts';
import { actorRefSchema } from './subscriptions.ts';

/**
 * What happened to a profile (its timeline). Subscription steps:
 * `requested` (asked to join an approval program), `waitlisted`, `enrolled`
 * (active at once), `approved`, `rejected`, `withdrawn`, `paused`, `resumed`,
 * `cancelled`, `expired`, `plan_changed`; dues: `charge_added`,
 * `payment_recorded`; family: `guardian_added`, `own_login_added`,
 * `manager_removed`; events (docs/decisions/006): `attended` (marked present or late;
 * one per event, removed when the mark is corrected), `rsvp` (answered),
 * `event_cancelled` (an event on its roster was cancelled); matches
 * (DESIGN.md §9, docs/decisions/030): `scored`, `assisted`, `yellow_card`,
 * `red_card`, `subbed_on`, `subbed_off`, `injured` (one per live incident
 * naming the profile, removed when it is voided) and `played` (one per
 * match the profile played in, once it finished).
 */
export const activityKindSchema = z.enum([
  'requested',
  'waitlisted',
  'enrolled',
  'approved',
  'rejected',
  'withdrawn',
  'paused',
  'resumed',
  'cancelled',
  'expired',
  'plan_changed',
  'charge_added',
  'payment_recorded',
  'guardian_added',
  'own_login_added',
  'manager_removed',
  'attended',
  'rsvp',
  'event_cancelled',
  'scored',
  'assisted',
  'yellow_card',
  'red_card',
  'subbed_on',
  'subbed_off',
  'injured',
  'played',
]);
/** See {@link activityKindSchema}. */
export type ActivityKind = z.infer<typeof activityKindSchema>;

/**
 * What an activity entry links to, with the app path to open (SPEC.md §2
 * routes): an event on the profile's calendar (`/p/{profileId}/events/{eventId}`,
 * for event entries), a subscription
 * (`/programs/{programId}/subscriptions/{subscriptionId}`) or the profile's
 * settings (`/p/{profileId}/settings`, for manager changes).
 */
export const activityTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('event'), profileId: idSchema, eventId: idSchema, path: z.string() }),
  z.object({
    kind: z.literal('subscription'),
    programId: idSchema,
    subscriptionId: idSchema,
    path: z.string(),
  }),
  z.object({ kind: z.literal('profile'), profileId: idSchema, path: z.string() }),
]);
/** See {@link activityTargetSchema}. */
export type ActivityTarget = z.infer<typeof activityTargetSchema>;

/**
 * One timeline entry. `at` is ISO 8601 UTC; `actor` who did it (null: a
 * deleted user or the system). `data` holds what the entry shows, as of the
 * moment it happened: `programName`, `orgName`, `status`, `planName`,
 * `waitlistPosition`, `amountMinor` + `currency` (integer minor units),
 * `method`, `description`, `managerName`, `relationship`, `note`; event
 * entries: `eventTitle`, `startsAt` (ISO), `timeZone`, `answer` (rsvp),
 * `status` (attended: present or late), `reason` (event_cancelled); match
 * entries: `opponent`, `incidentId`, `period`, `clockMs` (that period's
 * clock) and `minute` (as football writes it, `matchMinuteLabel`: `23'`,
 * `25+2'`); `played`: `minutes` (whole), `goals`, `assists`.
 */
export const activitySchema = z.object({
  id: idSchema,
  profileId: idSchema,
  kind: activityKindSchema,
  at: z.string(),
  actor: actorRefSchema.nullable(),
  target: activityTargetSchema,
  data: z.record(z.string(), z.unknown()),
});
/** See {@link activitySchema}. */
export type Activity = z.infer<typeof activitySchema>;

/**
 * Query of `GET /api/profiles/:profileId/activities`: `limit` entries
 * (1–100, default 20) after `cursor` (the `nextCursor` of the previous page;
 * absent = newest).
 */
export const activityPageQuerySchema = z.object({
  cursor: z
    .string()
    .max(200, 'Cursor is not valid')
    .regex(/^[A-Za-z0-9_-]+$/, 'Cursor is not valid')
    .optional(),
  limit: z.coerce
    .number({ message: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(100, 'limit must be at most 100')
    .default(20),
});
/** See {@link activityPageQuerySchema}. */
export type ActivityPageQuery = z.input<typeof activityPageQuerySchema>;

/** Answer of `GET /api/profiles/:profileId/activities`: newest first; `nextCursor` null on the last page. */
export const activityPageSchema = z.object({
  activities: z.array(activitySchema),
  nextCursor: z.string().nullable(),
});
/** See {@link activityPageSchema}. */
export type ActivityPage = z.infer<typeof activityPageSchema>;
