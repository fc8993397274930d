import type { CreateEvent, Event, EventDetail } from '@rally/shared/events';
import type { OrgMembers } from '@rally/shared/orgs';
import type { Profile } from '@rally/shared/profiles';
import type {
  CreateFeePlan,
  FeePlan,
  Program,
  ProgramDetail,
  ProgramRole,
  ProgramStaffMember,
  UpdateProgram,
} from '@rally/shared/programs';
import type { CreateSubscription, Subscription } from '@rally/shared/subscriptions';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

const base = (programId: string) => `/api/programs/${encodeURIComponent(programId)}`;

/** TanStack Query keys of the program endpoints. */
export const programKeys = {
  detail: (programId: string) => ['programs', programId, 'detail'] as const,
  events: (programId: string) => ['programs', programId, 'events'] as const,
  eventRange: (programId: string, from: string, to: string) =>
    ['programs', programId, 'events', { from, to }] as const,
  event: (programId: string, eventId: string) => ['programs', programId, 'event', eventId] as const,
  subscriptions: (programId: string) => ['programs', programId, 'subscriptions'] as const,
  feePlans: (programId: string) => ['programs', programId, 'fee-plans'] as const,
  staff: (programId: string) => ['programs', programId, 'staff'] as const,
};

/**
 * Key of an org's members, the same as the orgs feature's `orgKeys.members`
 * (query keys are the contract between features), so both share one cache entry.
 */
const orgMembersKey = (orgId: string) => ['orgs', 'members', orgId] as const;

/** `GET /api/programs/:programId`: the program and the caller's permissions. 404 when not visible. */
export const programQueryOptions = (programId: string) =>
  queryOptions({
    queryKey: programKeys.detail(programId),
    queryFn: ({ signal }) => apiRequest<ProgramDetail>(base(programId), { signal }),
  });

/** `GET /api/programs/:programId/events?from&to`: events in a `[from, to)` window of ISO instants. */
export const programEventsQueryOptions = (programId: string, range: { from: string; to: string }) =>
  queryOptions({
    queryKey: programKeys.eventRange(programId, range.from, range.to),
    queryFn: ({ signal }) =>
      apiRequest<{ events: Event[] }>(`${base(programId)}/events`, { query: range, signal }),
    select: (answer) => answer.events,
  });

/** `GET /api/programs/:programId/events/:eventId`: the event, its roster (staff only) and `canEdit`. */
export const programEventQueryOptions = (programId: string, eventId: string) =>
  queryOptions({
    queryKey: programKeys.event(programId, eventId),
    queryFn: ({ signal }) =>
      apiRequest<EventDetail>(`${base(programId)}/events/${encodeURIComponent(eventId)}`, {
        signal,
      }),
  });

/** `GET /api/programs/:programId/subscriptions` (program staff): every enrolment of the program. */
export const programSubscriptionsQueryOptions = (programId: string) =>
  queryOptions({
    queryKey: programKeys.subscriptions(programId),
    queryFn: ({ signal }) =>
      apiRequest<{ subscriptions: Subscription[] }>(`${base(programId)}/subscriptions`, {
        signal,
      }),
    select: (answer) => answer.subscriptions,
  });

/** `GET /api/profiles`: the profiles the signed-in user manages (to pick one to enrol). */
export const myProfilesQueryOptions = () =>
  queryOptions({
    queryKey: ['profiles', 'mine'] as const,
    queryFn: ({ signal }) => apiRequest<{ profiles: Profile[] }>('/api/profiles', { signal }),
    select: (answer) => answer.profiles,
  });

/**
 * `POST /api/programs/:programId/events`: creates an event from wall-clock
 * times in the program's zone. Throws `ApiError` (`validation_failed` with
 * `errors[].path` such as `endLocal`).
 */
export function useCreateEvent(programId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateEvent) =>
      apiRequest<{ event: Event }>(`${base(programId)}/events`, { method: 'POST', body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: programKeys.events(programId) });
      await queryClient.invalidateQueries({ queryKey: ['home'] });
    },
  });
}

/**
 * `POST /api/programs/:programId/subscriptions`: enrols a profile. Throws
 * `ApiError` `conflict` (409) when the profile is already enrolled.
 */
export function useCreateSubscription(programId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSubscription) =>
      apiRequest<{ subscription: Subscription }>(`${base(programId)}/subscriptions`, {
        method: 'POST',
        body,
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: programKeys.subscriptions(programId) });
      await queryClient.invalidateQueries({ queryKey: programKeys.detail(programId) });
      await queryClient.invalidateQueries({ queryKey: ['home'] });
      await queryClient.invalidateQueries({ queryKey: ['profiles'] });
    },
  });
}

/** `GET /api/programs/:programId/fee-plans`: the program's fee plans, active and not. */
export const programFeePlansQueryOptions = (programId: string) =>
  queryOptions({
    queryKey: programKeys.feePlans(programId),
    queryFn: ({ signal }) =>
      apiRequest<{ feePlans: FeePlan[] }>(`${base(programId)}/fee-plans`, { signal }),
    select: (answer) => answer.feePlans,
  });

/** `GET /api/programs/:programId/staff`: the program's managers and coaches. */
export const programStaffQueryOptions = (programId: string) =>
  queryOptions({
    queryKey: programKeys.staff(programId),
    queryFn: ({ signal }) =>
      apiRequest<{ staff: ProgramStaffMember[] }>(`${base(programId)}/staff`, { signal }),
    select: (answer) => answer.staff,
  });

/** `GET /api/orgs/:orgId/members`: the org's members, from whom program staff are picked. */
export const orgMembersQueryOptions = (orgId: string) =>
  queryOptions({
    queryKey: orgMembersKey(orgId),
    queryFn: ({ signal }) =>
      apiRequest<OrgMembers>(`/api/orgs/${encodeURIComponent(orgId)}/members`, { signal }),
  });

/** Refetches the program and what lists it (its org's page, home). */
async function refreshProgram(queryClient: QueryClient, programId: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: programKeys.detail(programId) }),
    queryClient.invalidateQueries({ queryKey: ['orgs', 'detail'] }),
    queryClient.invalidateQueries({ queryKey: ['home'] }),
  ]);
}

/**
 * `PATCH /api/programs/:programId` (its managers, org owners and admins):
 * changes any of name, description, category, location, time zone, capacity
 * (null = unlimited) and join policy. Throws `ApiError`: `validation_failed`
 * with `errors[].path`, `forbidden` (403) when the program is archived.
 */
export function useUpdateProgram(programId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProgram) =>
      apiRequest<{ program: Program }>(base(programId), { method: 'PATCH', body }),
    onSuccess: () => refreshProgram(queryClient, programId),
  });
}

/**
 * `POST /api/programs/:programId/archive` (`isArchived` true) or `/restore`:
 * an archived program is read-only and takes no enrolments.
 */
export function useSetProgramArchived(programId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isArchived: boolean) =>
      apiRequest<{ program: Program }>(`${base(programId)}/${isArchived ? 'archive' : 'restore'}`, {
        method: 'POST',
      }),
    onSuccess: async (answer) => {
      queryClient.setQueryData<ProgramDetail>(programKeys.detail(programId), (old) =>
        old ? { ...old, program: answer.program } : old,
      );
      await refreshProgram(queryClient, programId);
    },
  });
}

/**
 * `POST /api/programs/:programId/fee-plans`: adds a plan; `priceMinor` in
 * integer minor units of `currency`. Throws `validation_failed` with `errors[].path`.
 */
export function useCreateFeePlan(programId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateFeePlan) =>
      apiRequest<{ feePlan: FeePlan }>(`${base(programId)}/fee-plans`, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: programKeys.feePlans(programId) }),
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
      apiRequest<{ feePlan: FeePlan }>(
        `${base(programId)}/fee-plans/${encodeURIComponent(planId)}`,
        { method: 'PATCH', body },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: programKeys.feePlans(programId) }),
  });
}

/**
 * `PUT /api/programs/:programId/staff/:userId` `{ role }`: makes an org member
 * a manager or coach (or changes their role). Throws `validation_failed` when
 * they are not a member of the org.
 */
export function useSetProgramStaff(programId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: ProgramRole }) =>
      apiRequest<void>(`${base(programId)}/staff/${encodeURIComponent(userId)}`, {
        method: 'PUT',
        body: { role },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: programKeys.staff(programId) }),
  });
}

/** `DELETE /api/programs/:programId/staff/:userId`: takes someone off the program's staff. */
export function useRemoveProgramStaff(programId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      apiRequest<void>(`${base(programId)}/staff/${encodeURIComponent(userId)}`, {
        method: 'DELETE',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: programKeys.staff(programId) }),
  });
}
