import { z } from 'zod';
import { idSchema, localDateTimeSchema, nameSchema, timeZoneSchema } from './common.ts';

/** Kinds of event. DESIGN.md §2. */
export const eventKindSchema = z.enum(['training', 'match', 'meeting', 'other']);
/** See {@link eventKindSchema}. */
export type EventKind = z.infer<typeof eventKindSchema>;

/** Event lifecycle: a cancelled occurrence stays visible as cancelled. DESIGN.md §2. */
export const eventStatusSchema = z.enum(['scheduled', 'cancelled']);
/** See {@link eventStatusSchema}. */
export type EventStatus = z.infer<typeof eventStatusSchema>;

/** An event of a program. `startsAt`/`endsAt` are UTC ISO instants; `timeZone` is where it is held. */
export const eventSchema = z.object({
  id: idSchema,
  programId: idSchema,
  programName: z.string(),
  orgId: idSchema,
  title: z.string(),
  kind: eventKindSchema,
  status: eventStatusSchema,
  startsAt: z.string(),
  endsAt: z.string(),
  timeZone: z.string(),
  location: z.string(),
  description: z.string(),
});
/** See {@link eventSchema}. */
export type Event = z.infer<typeof eventSchema>;

/**
 * Body of `POST /api/programs/:programId/events`. `startLocal`/`endLocal` are
 * wall-clock times (`YYYY-MM-DDTHH:mm`) in `timeZone`, which defaults to the
 * program's. The end must be after the start; a time that does not exist in
 * the zone (a daylight-saving gap) is refused.
 */
export const createEventSchema = z
  .object({
    title: nameSchema('Title', 120),
    kind: eventKindSchema.default('training'),
    startLocal: localDateTimeSchema,
    endLocal: localDateTimeSchema,
    timeZone: timeZoneSchema.optional(),
    location: z.string().trim().max(200, 'Location must be at most 200 characters').default(''),
    description: z
      .string()
      .trim()
      .max(4000, 'Description must be at most 4000 characters')
      .default(''),
  })
  .refine((e) => e.endLocal > e.startLocal, {
    message: 'The end must be after the start',
    path: ['endLocal'],
  });
/** See {@link createEventSchema}. */
export type CreateEvent = z.input<typeof createEventSchema>;

/** An event on a profile's calendar: the event plus the profile it is shown for. */
export const profileEventSchema = eventSchema.extend({
  profileId: idSchema,
  profileName: z.string(),
});
/** See {@link profileEventSchema}. */
export type ProfileEvent = z.infer<typeof profileEventSchema>;

/** One row of an event's roster: a profile expected at the event. */
export const rosterEntrySchema = z.object({
  profileId: idSchema,
  displayName: z.string(),
  rsvp: z.enum(['going', 'maybe', 'declined']).nullable(),
  status: z.enum(['present', 'late', 'absent', 'excused']).nullable(),
});
/** See {@link rosterEntrySchema}. */
export type RosterEntry = z.infer<typeof rosterEntrySchema>;

/** Answer of `GET /api/programs/:programId/events/:eventId`. `roster` only for program staff. */
export const eventDetailSchema = z.object({
  event: eventSchema,
  roster: z.array(rosterEntrySchema).nullable(),
  canEdit: z.boolean(),
});
/** See {@link eventDetailSchema}. */
export type EventDetail = z.infer<typeof eventDetailSchema>;
