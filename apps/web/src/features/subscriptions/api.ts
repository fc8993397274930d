import { profilesRoutes } from '@rally/shared/api/profiles';
import { programsRoutes } from '@rally/shared/api/programs';
import { subscriptionsRoutes } from '@rally/shared/api/subscriptions';
import type { CreatePaymentClaim, DecidePaymentClaim } from '@rally/shared/payment-claims';
import type { CreateFeePlan } from '@rally/shared/programs';
import type {
  AddCharge,
  CreateSubscription,
  RecordPayment,
  SubscriptionAction,
  SubscriptionStatus,
  UpdateSubscription,
} from '@rally/shared/subscriptions';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { request } from '../../lib/api-request';
import { programKeys } from '../programs/api';

/** Filters of the staff subscriptions list (`GET .../subscriptions?status&planId`); '' = any. */
export interface SubscriptionFilters {
  status: SubscriptionStatus | '';
  planId: string;
}

/**
 * TanStack Query keys of enrolments, fee plans, the join page, subscription
 * detail and waitlist (under `programKeys`' prefix `['programs', programId]`).
 */
export const subscriptionKeys = {
  list: (programId: string) => ['programs', programId, 'subscriptions'] as const,
  feePlans: (programId: string) => ['programs', programId, 'fee-plans'] as const,
  /** The join page's answer depends on who asks, so the user id is part of the key. */
  publicProgram: (programId: string, userId: string | null) =>
    ['programs', programId, 'public', userId] as const,
  detail: (programId: string, subscriptionId: string) =>
    ['programs', programId, 'subscription', subscriptionId] as const,
  filtered: (programId: string, filters: SubscriptionFilters) =>
    [...subscriptionKeys.list(programId), filters] as const,
  waitlist: (programId: string) => ['programs', programId, 'waitlist'] as const,
};

/**
 * `GET /api/programs/:programId/public`: the join page (program, schedule
 * summary, active fee plans, capacity, and the signed-in `viewer`'s profiles).
 * Readable signed out for active open/approval programs; 404 otherwise.
 */
export const publicProgramQueryOptions = (programId: string, userId: string | null) =>
  queryOptions({
    queryKey: subscriptionKeys.publicProgram(programId, userId),
    queryFn: ({ signal }) => request(programsRoutes.publicPage, { params: { programId }, signal }),
  });

/** `GET .../subscriptions/:subscriptionId`: subscription, history, dues, UPI request, permissions. */
export const subscriptionDetailQueryOptions = (programId: string, subscriptionId: string) =>
  queryOptions({
    queryKey: subscriptionKeys.detail(programId, subscriptionId),
    queryFn: ({ signal }) =>
      request(subscriptionsRoutes.get, { params: { programId, subscriptionId }, signal }),
  });

/** `GET /api/programs/:programId/subscriptions?status&planId` (staff): filtered, waitlist first. */
export const filteredSubscriptionsQueryOptions = (
  programId: string,
  filters: SubscriptionFilters,
) =>
  queryOptions({
    queryKey: subscriptionKeys.filtered(programId, filters),
    queryFn: ({ signal }) =>
      request(subscriptionsRoutes.list, {
        params: { programId },
        query: {
          ...(filters.status ? { status: filters.status } : {}),
          ...(filters.planId ? { planId: filters.planId } : {}),
        },
        signal,
      }),
    select: (answer) => answer.subscriptions,
  });

/**
 * `GET /api/programs/:programId/waitlist` (staff): the waitlist, first in
 * line first, and `spotsLeft` (free places; null = no capacity).
 */
export const waitlistQueryOptions = (programId: string) =>
  queryOptions({
    queryKey: subscriptionKeys.waitlist(programId),
    queryFn: ({ signal }) =>
      request(subscriptionsRoutes.waitlist, { params: { programId }, signal }),
  });

/** `GET /api/programs/:programId/subscriptions` (program staff): every enrolment of the program. */
export const programSubscriptionsQueryOptions = (programId: string) =>
  queryOptions({
    queryKey: subscriptionKeys.list(programId),
    queryFn: ({ signal }) => request(subscriptionsRoutes.list, { params: { programId }, signal }),
    select: (answer) => answer.subscriptions,
  });

/**
 * `POST /api/programs/:programId/subscriptions`: enrols a profile. Throws
 * `ApiError` `conflict` (409) when the profile is already enrolled.
 */
export function useCreateSubscription(programId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSubscription) =>
      request(subscriptionsRoutes.create, { params: { programId }, body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: subscriptionKeys.list(programId) });
      await queryClient.invalidateQueries({ queryKey: programKeys.detail(programId) });
      await queryClient.invalidateQueries({ queryKey: ['home'] });
      await queryClient.invalidateQueries({ queryKey: ['profiles'] });
    },
  });
}

/** `GET /api/programs/:programId/fee-plans`: the program's fee plans, active and not. */
export const programFeePlansQueryOptions = (programId: string) =>
  queryOptions({
    queryKey: subscriptionKeys.feePlans(programId),
    queryFn: ({ signal }) => request(programsRoutes.feePlans, { params: { programId }, signal }),
    select: (answer) => answer.feePlans,
  });

/**
 * `POST /api/programs/:programId/fee-plans`: adds a plan; `priceMinor` in
 * integer minor units of `currency`. Throws `validation_failed` with `errors[].path`.
 */
export function useCreateFeePlan(programId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateFeePlan) =>
      request(programsRoutes.createFeePlan, { params: { programId }, body }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: subscriptionKeys.feePlans(programId) }),
  });
}

/** Body of {@link useUpdateFeePlan}: rename, reprice (minor units) or (de)activate. */
export interface FeePlanChange {
  planId: string;
  name?: string;
  priceMinor?: number;
  isActive?: boolean;
}

/** `PATCH /api/programs/:programId/fee-plans/:planId`. Throws `validation_failed`, `not_found`. */
export function useUpdateFeePlan(programId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ planId, ...body }: FeePlanChange) =>
      request(programsRoutes.updateFeePlan, { params: { programId, planId }, body }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: subscriptionKeys.feePlans(programId) }),
  });
}

/** Refetches everything about the program's subscriptions (lists, detail, join page, home, profiles). */
async function refreshSubscriptions(queryClient: QueryClient, programId: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['programs', programId] }),
    queryClient.invalidateQueries({ queryKey: ['home'] }),
    queryClient.invalidateQueries({ queryKey: ['profiles'] }),
  ]);
}

/**
 * `POST /api/programs/:programId/subscriptions` from the join page: a family
 * joins (`open` -> active, `approval` -> pending; waitlisted when full).
 * Throws `ApiError`: 409 `conflict` already live, 400 `planId`, 403 invite-only.
 */
export function useJoinProgram(programId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSubscription) =>
      request(subscriptionsRoutes.create, { params: { programId }, body }),
    onSuccess: () => refreshSubscriptions(queryClient, programId),
  });
}

/** `POST /api/profiles` `{ displayName, dateOfBirth, relationship: guardian }`: a child profile, from the join page. */
export function useCreateChildProfile(programId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { displayName: string; dateOfBirth: string | null }) =>
      request(profilesRoutes.create, { body: { ...body, relationship: 'guardian' } }),
    onSuccess: () => refreshSubscriptions(queryClient, programId),
  });
}

/**
 * `POST .../subscriptions/:subscriptionId/transitions` `{ action }`. Throws
 * `ApiError` 409 `conflict` (not allowed from the status, or full when
 * approving; `detail` says which) and 403.
 */
export function useSubscriptionTransition(programId: string, subscriptionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: SubscriptionAction) =>
      request(subscriptionsRoutes.transition, {
        params: { programId, subscriptionId },
        body: { action },
      }),
    onSuccess: () => refreshSubscriptions(queryClient, programId),
  });
}

/** `POST .../subscriptions/:subscriptionId/payments` (staff): `amountMinor` in integer minor units. */
export function useRecordPayment(programId: string, subscriptionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RecordPayment) =>
      request(subscriptionsRoutes.recordPayment, { params: { programId, subscriptionId }, body }),
    onSuccess: () => refreshSubscriptions(queryClient, programId),
  });
}

/**
 * `PATCH .../subscriptions/:subscriptionId` (staff): only the changed fields
 * of `{ planId | null, startsOn, endsOn | null }`. Throws `ApiError` 400
 * (field errors on `planId`, `startsOn`, `endsOn`) and 409 (ended, or a plan
 * in another currency than the recorded dues).
 */
export function useUpdateSubscription(programId: string, subscriptionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSubscription) =>
      request(subscriptionsRoutes.update, { params: { programId, subscriptionId }, body }),
    onSuccess: () => refreshSubscriptions(queryClient, programId),
  });
}

/** `POST .../subscriptions/:subscriptionId/charges` (staff): `amountMinor` in integer minor units. */
export function useAddCharge(programId: string, subscriptionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddCharge) =>
      request(subscriptionsRoutes.addCharge, { params: { programId, subscriptionId }, body }),
    onSuccess: () => refreshSubscriptions(queryClient, programId),
  });
}

/** `PUT /api/programs/:programId/waitlist` `{ subscriptionIds }` (staff): the new order. 409 when stale. */
export function useReorderWaitlist(programId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subscriptionIds: string[]) =>
      request(subscriptionsRoutes.reorderWaitlist, {
        params: { programId },
        body: { subscriptionIds },
      }),
    onSuccess: () => refreshSubscriptions(queryClient, programId),
  });
}

/**
 * `GET /api/programs/:programId/dues` (program staff): who owes what, largest
 * balance first, open "I've paid" claims, and totals per currency.
 */
export const duesOverviewQueryOptions = (programId: string) =>
  queryOptions({
    queryKey: ['programs', programId, 'dues'] as const,
    queryFn: ({ signal }) =>
      request(subscriptionsRoutes.duesOverview, { params: { programId }, signal }),
  });

/**
 * `POST .../subscriptions/:subscriptionId/payment-claims` (the family): "I've
 * paid" what is owed (docs/decisions/020). Throws `ApiError` 409 when
 * nothing is owed or a claim is already open.
 */
export function useClaimPayment(programId: string, subscriptionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePaymentClaim) =>
      request(subscriptionsRoutes.claimPayment, { params: { programId, subscriptionId }, body }),
    onSuccess: () => refreshSubscriptions(queryClient, programId),
  });
}

/**
 * `POST .../payment-claims/:claimId/decision` (program staff): confirm
 * (records the payment) or reject a family's claim. 409 when already decided.
 */
export function useDecidePaymentClaim(programId: string, subscriptionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ claimId, decision }: { claimId: string } & DecidePaymentClaim) =>
      request(subscriptionsRoutes.decidePaymentClaim, {
        params: { programId, subscriptionId, claimId },
        body: { decision },
      }),
    onSuccess: () => refreshSubscriptions(queryClient, programId),
  });
}

/** `POST /api/programs/:programId/waitlist/promote` `{ subscriptionId }` (staff). 409 still full. */
export function usePromoteFromWaitlist(programId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subscriptionId: string) =>
      request(subscriptionsRoutes.promote, { params: { programId }, body: { subscriptionId } }),
    onSuccess: () => refreshSubscriptions(queryClient, programId),
  });
}
