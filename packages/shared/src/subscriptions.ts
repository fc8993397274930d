import { z } from 'zod';
import { idSchema } from './common.ts';

/** Subscription lifecycle states. DESIGN.md §2. */
export const subscriptionStatusSchema = z.enum([
  'pending',
  'active',
  'paused',
  'cancelled',
  'rejected',
  'expired',
]);
/** See {@link subscriptionStatusSchema}. */
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** A profile's enrolment in a program. `startsOn` is a local date in the program's zone. */
export const subscriptionSchema = z.object({
  id: idSchema,
  programId: idSchema,
  programName: z.string(),
  profileId: idSchema,
  profileName: z.string(),
  status: subscriptionStatusSchema,
  startsOn: z.string(),
  endsOn: z.string().nullable(),
  createdAt: z.string(),
});
/** See {@link subscriptionSchema}. */
export type Subscription = z.infer<typeof subscriptionSchema>;

/**
 * Body of `POST /api/programs/:programId/subscriptions`: enrol a profile. A
 * manager of the profile enrols it in an `open` program; program staff enrol
 * any profile they can name. One live subscription per profile and program.
 */
export const createSubscriptionSchema = z.object({ profileId: idSchema });
/** See {@link createSubscriptionSchema}. */
export type CreateSubscription = z.infer<typeof createSubscriptionSchema>;
