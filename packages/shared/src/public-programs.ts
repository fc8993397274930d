import { z } from 'zod';
import { idSchema } from './common.ts';
import { eventKindSchema } from './events.ts';
import { profileRelationshipSchema } from './profiles.ts';
import { feePlanSchema, joinPolicySchema } from './programs.ts';
import { subscriptionStatusSchema } from './subscriptions.ts';

/** An upcoming event as the public join page shows it (no ids: it is not a link). */
export const publicEventSchema = z.object({
  title: z.string(),
  kind: eventKindSchema,
  startsAt: z.string(),
  endsAt: z.string(),
  location: z.string(),
});
/** See {@link publicEventSchema}. */
export type PublicEvent = z.infer<typeof publicEventSchema>;

/**
 * One weekly slot of a program's regular schedule: ISO weekday (1 = Monday …
 * 7 = Sunday) and local wall-clock start and end `HH:mm` in the program's zone.
 */
export const weeklySlotSchema = z.object({
  weekday: z.number().int().min(1).max(7),
  startTime: z.string(),
  endTime: z.string(),
});
/** See {@link weeklySlotSchema}. */
export type WeeklySlot = z.infer<typeof weeklySlotSchema>;

/**
 * The program's schedule summary: its next 5 scheduled events, and its
 * weekly pattern when the next four weeks follow a simple one (slots that
 * repeat and cover at least 75% of those events), else null.
 */
export const publicScheduleSchema = z.object({
  nextEvents: z.array(publicEventSchema),
  weeklyPattern: z.array(weeklySlotSchema).nullable(),
});
/** See {@link publicScheduleSchema}. */
export type PublicSchedule = z.infer<typeof publicScheduleSchema>;

/**
 * One of the signed-in caller's profiles on the join page, with its live
 * subscription in this program (null when it has none: it can join).
 */
export const joinCandidateSchema = z.object({
  profileId: idSchema,
  displayName: z.string(),
  relationship: profileRelationshipSchema,
  subscription: z
    .object({
      id: idSchema,
      status: subscriptionStatusSchema,
      waitlistPosition: z.number().int().positive().nullable(),
    })
    .nullable(),
});
/** See {@link joinCandidateSchema}. */
export type JoinCandidate = z.infer<typeof joinCandidateSchema>;

/**
 * The signed-in caller on the join page: their profiles (own first), whether
 * they may join as a family (`canJoin`: an active `open`/`approval` program)
 * and whether they enrol as staff (`canEnrolAnyone`: directly, any profile).
 */
export const joinViewerSchema = z.object({
  profiles: z.array(joinCandidateSchema),
  canJoin: z.boolean(),
  canEnrolAnyone: z.boolean(),
});
/** See {@link joinViewerSchema}. */
export type JoinViewer = z.infer<typeof joinViewerSchema>;

/**
 * Answer of `GET /api/programs/:programId/public` — the public join page
 * (`program-subscription-new`, no sign-in flag in SPEC.md §2). Readable
 * signed out for an active `open`/`approval` program; otherwise only by those
 * who may view the program (everyone else: 404). Capacity: `placesTaken`
 * counts active and paused subscriptions; `spotsLeft` is null when the
 * program has no capacity; `waitlistLength` counts those waiting. `feePlans`
 * lists active plans only. `viewer` is null signed out.
 */
export const publicProgramSchema = z.object({
  program: z.object({
    id: idSchema,
    name: z.string(),
    description: z.string(),
    category: z.string(),
    location: z.string(),
    timeZone: z.string(),
    orgId: idSchema,
    orgName: z.string(),
    joinPolicy: joinPolicySchema,
    status: z.enum(['active', 'archived']),
    capacity: z.number().int().nullable(),
    placesTaken: z.number().int(),
    spotsLeft: z.number().int().nullable(),
    waitlistLength: z.number().int(),
  }),
  schedule: publicScheduleSchema,
  feePlans: z.array(feePlanSchema),
  viewer: joinViewerSchema.nullable(),
});
/** See {@link publicProgramSchema}. */
export type PublicProgram = z.infer<typeof publicProgramSchema>;
