import { z } from 'zod';
import { idSchema, localDateSchema, nameSchema, phoneInputSchema, textSchema } from './common.ts';

/** Subscription lifecycle states. DESIGN.md §2; transitions in docs/decisions/005. */
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

/**
 * A profile's enrolment in a program: the fields every subscription answer
 * carries. `startsOn`/`endsOn` are local dates in the program's
 * zone. Every answer carries {@link subscriptionSummarySchema}, a
 * superset.
 */
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
 * Lifecycle actions (POST `.../transitions`), each moving between statuses
 * (docs/decisions/005):
 * - `approve`  pending -> active (staff; needs a free place)
 * - `reject`   pending -> rejected (staff)
 * - `withdraw` pending -> cancelled (the family)
 * - `pause`    active -> paused (staff)
 * - `resume`   paused -> active (staff)
 * - `cancel`   active | paused -> cancelled (the family or staff)
 * - `expire`   active -> expired (staff)
 * Any other combination answers 409 `conflict`.
 */
export const subscriptionActionSchema = z.enum([
  'approve',
  'reject',
  'withdraw',
  'pause',
  'resume',
  'cancel',
  'expire',
]);
/** See {@link subscriptionActionSchema}. */
export type SubscriptionAction = z.infer<typeof subscriptionActionSchema>;

/**
 * Sessions of a pack plan: `included` from the plan, `used` counted per event
 * (one event never counts twice), `left` = max(0, included − used) and
 * `overdrawn` = max(0, used − included) (attendance is never refused for an
 * empty pack; staff see the overdraw).
 */
export const sessionPackSchema = z.object({
  included: z.number().int(),
  used: z.number().int(),
  left: z.number().int(),
  overdrawn: z.number().int(),
});
/** See {@link sessionPackSchema}. */
export type SessionPack = z.infer<typeof sessionPackSchema>;

/**
 * A subscription as lists and writes answer it:
 * {@link subscriptionSchema} plus its org, plan (price copied when chosen,
 * integer minor units of `currency`, ISO 4217), session pack (null unless a
 * pack plan), waitlist position (1 = next in line; null unless waitlisted)
 * and dues balance (charges − payments in minor units; negative = credit).
 */
export const subscriptionSummarySchema = subscriptionSchema.extend({
  orgId: idSchema,
  orgName: z.string(),
  planId: idSchema.nullable(),
  planName: z.string().nullable(),
  priceMinor: z.number().int().nullable(),
  currency: z.string().nullable(),
  sessions: sessionPackSchema.nullable(),
  waitlistPosition: z.number().int().positive().nullable(),
  balanceMinor: z.number().int(),
  updatedAt: z.string(),
});
/** See {@link subscriptionSummarySchema}. */
export type SubscriptionSummary = z.infer<typeof subscriptionSummarySchema>;

/**
 * What a subscription history entry records: the lifecycle steps
 * (`requested` = asked to join an approval program, `waitlisted` = joined
 * the waitlist, `enrolled` = active at once, then the actions' results) and
 * staff edits (`plan_changed`, `dates_changed`, `waitlist_moved`).
 */
export const subscriptionHistoryActionSchema = z.enum([
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
  'dates_changed',
  'waitlist_moved',
]);
/** See {@link subscriptionHistoryActionSchema}. */
export type SubscriptionHistoryAction = z.infer<typeof subscriptionHistoryActionSchema>;

/** Who did something: a user and their name (null when the user was deleted). */
export const actorRefSchema = z.object({ userId: idSchema, displayName: z.string().nullable() });
/** See {@link actorRefSchema}. */
export type ActorRef = z.infer<typeof actorRefSchema>;

/**
 * One change of a subscription, oldest first in answers. `data` holds the
 * details of the step: `note` (free text given with an action), `fromWaitlist`,
 * `planName`/`previousPlanName`, `startsOn`/`endsOn` and their previous values,
 * `fromPosition`/`toPosition` (waitlist moves).
 */
export const subscriptionHistoryEntrySchema = z.object({
  id: idSchema,
  action: subscriptionHistoryActionSchema,
  fromStatus: subscriptionStatusSchema.nullable(),
  toStatus: subscriptionStatusSchema,
  actor: actorRefSchema.nullable(),
  at: z.string(),
  data: z.record(z.string(), z.unknown()),
});
/** See {@link subscriptionHistoryEntrySchema}. */
export type SubscriptionHistoryEntry = z.infer<typeof subscriptionHistoryEntrySchema>;

/** How a payment was made. */
export const paymentMethodSchema = z.enum(['cash', 'upi', 'bank_transfer']);
/** See {@link paymentMethodSchema}. */
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/**
 * One line of the dues ledger: a charge (the plan's price when the
 * subscription activated, or one staff added) or a payment staff recorded.
 * `amountMinor` > 0 in minor units of `currency`; `occurredOn` a local date.
 */
export const duesEntrySchema = z.object({
  id: idSchema,
  kind: z.enum(['charge', 'payment']),
  amountMinor: z.number().int().positive(),
  currency: z.string(),
  description: z.string(),
  method: paymentMethodSchema.nullable(),
  reference: z.string(),
  occurredOn: z.string(),
  recordedBy: actorRefSchema.nullable(),
  createdAt: z.string(),
});
/** See {@link duesEntrySchema}. */
export type DuesEntry = z.infer<typeof duesEntrySchema>;

/**
 * The dues of a subscription: totals in integer minor units of `currency`
 * (null until the first charge or payment), `balanceMinor` = charged − paid
 * (> 0 owed, < 0 credit), and the ledger, oldest first.
 */
export const duesSchema = z.object({
  currency: z.string().nullable(),
  chargedMinor: z.number().int(),
  paidMinor: z.number().int(),
  balanceMinor: z.number().int(),
  entries: z.array(duesEntrySchema),
});
/** See {@link duesSchema}. */
export type Dues = z.infer<typeof duesSchema>;

/**
 * A UPI payment request for the balance, to render as a QR code or open as a
 * link: `intent` is `upi://pay?pa=…&pn=…&am=…&cu=INR&tn=…` (NPCI UPI linking
 * specification), `amountMinor` the balance in paise. Present only when the
 * org has a payee VPA, the dues are in INR and something is owed.
 */
export const upiPaymentSchema = z.object({
  intent: z.string(),
  payeeVpa: z.string(),
  payeeName: z.string(),
  amountMinor: z.number().int().positive(),
  currency: z.literal('INR'),
  note: z.string(),
});
/** See {@link upiPaymentSchema}. */
export type UpiPayment = z.infer<typeof upiPaymentSchema>;

/** A session of the pack used at an event. */
export const sessionUsageSchema = z.object({
  eventId: idSchema,
  eventTitle: z.string(),
  eventStartsAt: z.string(),
  usedAt: z.string(),
});
/** See {@link sessionUsageSchema}. */
export type SessionUsage = z.infer<typeof sessionUsageSchema>;

/**
 * What the caller may do with a subscription: the lifecycle actions allowed
 * to them from its current status, editing plan and dates, recording
 * payments and charges (staff).
 */
export const subscriptionPermissionsSchema = z.object({
  allowedActions: z.array(subscriptionActionSchema),
  canEdit: z.boolean(),
  canRecordPayments: z.boolean(),
});
/** See {@link subscriptionPermissionsSchema}. */
export type SubscriptionPermissions = z.infer<typeof subscriptionPermissionsSchema>;

/** Where a family's "I've paid" stands: waiting for staff, confirmed (a payment was recorded) or rejected. */
export const paymentClaimStatusSchema = z.enum(['open', 'confirmed', 'rejected']);
/** See {@link paymentClaimStatusSchema}. */
export type PaymentClaimStatus = z.infer<typeof paymentClaimStatusSchema>;

/**
 * A family's "I've paid" on a subscription's dues (docs/decisions/020):
 * the amount owed when they said so (integer minor units of `currency`),
 * how they paid, their reference (e.g. the UPI transaction id), who and
 * when; staff confirm it (which records the payment) or reject it.
 */
export const paymentClaimSchema = z.object({
  id: idSchema,
  subscriptionId: idSchema,
  amountMinor: z.number().int().positive(),
  currency: z.string(),
  method: paymentMethodSchema,
  reference: z.string(),
  status: paymentClaimStatusSchema,
  claimedBy: actorRefSchema.nullable(),
  claimedAt: z.string(),
  decidedAt: z.string().nullable(),
});
/** See {@link paymentClaimSchema}. */
export type PaymentClaim = z.infer<typeof paymentClaimSchema>;

/**
 * Answer of `GET /api/programs/:programId/subscriptions/:subscriptionId`
 * (program staff and the profile's managers): the subscription, its history,
 * dues with the UPI request, the sessions used, the caller's permissions and
 * an open "I've paid" claim.
 */
export const subscriptionDetailSchema = z.object({
  subscription: subscriptionSummarySchema,
  history: z.array(subscriptionHistoryEntrySchema),
  dues: duesSchema,
  upiPayment: upiPaymentSchema.nullable(),
  sessionUsages: z.array(sessionUsageSchema),
  permissions: subscriptionPermissionsSchema,
  /** The family's "I've paid" waiting for staff, or null (docs/decisions/020). */
  paymentClaim: paymentClaimSchema.nullable(),
});
/** See {@link subscriptionDetailSchema}. */
export type SubscriptionDetail = z.infer<typeof subscriptionDetailSchema>;

/**
 * A person program staff enrol who has no profile yet: a profile is created
 * with this name, and the guardian's phone becomes its manager (at once when
 * the phone has an account, else at that phone's first sign-in).
 */
export const newEnrolleeSchema = z.object({
  displayName: nameSchema('Name', 80),
  dateOfBirth: localDateSchema.nullish(),
  guardianPhone: phoneInputSchema('Guardian phone number'),
});
/** See {@link newEnrolleeSchema}. */
export type NewEnrollee = z.input<typeof newEnrolleeSchema>;

/**
 * Body of `POST /api/programs/:programId/subscriptions`: exactly one of
 * `profileId` (a profile the caller manages; staff may also name a profile
 * known to the org) or `newProfile` (staff only), and `planId` (one of the
 * program's active fee plans; required of families when the program has any).
 * The answer depends on who asks (docs/decisions/005): staff enrol directly
 * (active, or waitlisted when full); families join an `open` program (active,
 * or waitlisted when full or others wait) or request an `approval` one
 * (pending; waitlisted when full); `invite` programs take no family requests.
 */
export const createSubscriptionSchema = z
  .object({
    profileId: idSchema.optional(),
    newProfile: newEnrolleeSchema.optional(),
    planId: idSchema.nullish(),
  })
  .refine((v) => (v.profileId === undefined) !== (v.newProfile === undefined), {
    message: 'Choose a profile (profileId) or name a new one (newProfile), not both',
    path: ['profileId'],
  });
/** See {@link createSubscriptionSchema}. */
export type CreateSubscription = z.input<typeof createSubscriptionSchema>;

/**
 * Query of `GET /api/programs/:programId/subscriptions`: optional filters by
 * `status`, `planId`, and `waitlisted=true|false`.
 */
export const subscriptionListQuerySchema = z.object({
  status: subscriptionStatusSchema.optional(),
  planId: idSchema.optional(),
  waitlisted: z
    .enum(['true', 'false'], { message: 'waitlisted must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
});
/** See {@link subscriptionListQuerySchema}. */
export type SubscriptionListQuery = z.input<typeof subscriptionListQuerySchema>;

/** Params of `/api/programs/:programId/subscriptions/:subscriptionId...`. */
export const subscriptionParamsSchema = z.object({ programId: idSchema, subscriptionId: idSchema });

/**
 * Body of `PATCH /api/programs/:programId/subscriptions/:subscriptionId`
 * (staff, live subscriptions only): another active plan of the program (or
 * null for none), start and end dates (`endsOn` null = open-ended; the end
 * may not be before the start).
 */
export const updateSubscriptionSchema = z
  .object({
    planId: idSchema.nullable(),
    startsOn: localDateSchema,
    endsOn: localDateSchema.nullable(),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to change' })
  .refine((v) => !v.startsOn || !v.endsOn || v.endsOn >= v.startsOn, {
    message: 'The end date cannot be before the start date',
    path: ['endsOn'],
  });
/** See {@link updateSubscriptionSchema}. */
export type UpdateSubscription = z.input<typeof updateSubscriptionSchema>;

/** Body of `POST .../subscriptions/:subscriptionId/transitions`: the action and an optional note for the history. */
export const subscriptionTransitionSchema = z.object({
  action: subscriptionActionSchema,
  note: textSchema('Note', { multiline: true })
    .trim()
    .max(500, 'Note must be at most 500 characters')
    .optional(),
});
/** See {@link subscriptionTransitionSchema}. */
export type SubscriptionTransition = z.input<typeof subscriptionTransitionSchema>;

const amountMinorSchema = z
  .number({ message: 'Amount is required' })
  .int('Amount must be in whole minor units (e.g. paise)')
  .min(1, 'Amount must be more than zero')
  .max(100_000_000_00, 'Amount is too large');

const currencySchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'Currency must be an ISO 4217 code such as INR');

/**
 * Body of `POST .../subscriptions/:subscriptionId/payments` (staff): an
 * amount in minor units, how it was paid, a reference (UPI transaction id,
 * receipt number), the local date it was paid (default today in the
 * program's zone). `currency` defaults to the subscription's; it is required
 * only while the subscription has none (no plan and no ledger yet).
 */
export const recordPaymentSchema = z.object({
  amountMinor: amountMinorSchema,
  method: paymentMethodSchema,
  reference: textSchema('Reference')
    .trim()
    .max(100, 'Reference must be at most 100 characters')
    .default(''),
  paidOn: localDateSchema.optional(),
  currency: currencySchema.optional(),
});
/** See {@link recordPaymentSchema}. */
export type RecordPayment = z.input<typeof recordPaymentSchema>;

/** Body of `POST .../subscriptions/:subscriptionId/charges` (staff): a charge such as a renewal or kit fee. */
export const addChargeSchema = z.object({
  amountMinor: amountMinorSchema,
  description: nameSchema('Description', 200),
  chargedOn: localDateSchema.optional(),
  currency: currencySchema.optional(),
});
/** See {@link addChargeSchema}. */
export type AddCharge = z.input<typeof addChargeSchema>;

/** Answer of the payment and charge routes (201): the new ledger line and the dues after it. */
export const duesEntryResponseSchema = z.object({ entry: duesEntrySchema, dues: duesSchema });
/** See {@link duesEntryResponseSchema}. */
export type DuesEntryResponse = z.infer<typeof duesEntryResponseSchema>;

/**
 * Body of `PUT /api/programs/:programId/waitlist` (staff): every waitlisted
 * subscription of the program exactly once, first in line first. A list that
 * does not match the current waitlist answers 409 (reload and retry).
 */
export const waitlistOrderSchema = z.object({
  subscriptionIds: z
    .array(idSchema)
    .max(10_000, 'The waitlist is too long')
    .refine((ids) => new Set(ids).size === ids.length, { message: 'Each subscription once' }),
});
/** See {@link waitlistOrderSchema}. */
export type WaitlistOrder = z.infer<typeof waitlistOrderSchema>;

/** Body of `POST /api/programs/:programId/waitlist/promote` (staff): whom to promote; default the first in line. */
export const promoteSchema = z.object({ subscriptionId: idSchema.optional() });
/** See {@link promoteSchema}. */
export type Promote = z.infer<typeof promoteSchema>;

/**
 * Answer of `GET/PUT /api/programs/:programId/waitlist`: the waitlist, first
 * in line first, and `spotsLeft`, the program's free places (capacity minus
 * active and paused subscriptions, never below 0; null when it has no
 * capacity). Promoting needs a free place (docs/decisions/020).
 */
export const waitlistSchema = z.object({
  waitlist: z.array(subscriptionSummarySchema),
  spotsLeft: z.number().int().nonnegative().nullable(),
});
/** See {@link waitlistSchema}. */
export type Waitlist = z.infer<typeof waitlistSchema>;
