import type {
  CancelEvent,
  CreateEvent,
  DeleteEvent,
  Event,
  EventDetail,
  ReorderEventWaitlist,
  RsvpAnswer,
  RsvpResult,
  SetRsvp,
  UpdateEvent,
} from '@rally/shared/events';
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

/**
 * `GET /api/programs/:programId/events/:eventId` (`eventDetailSchema`): the
 * event, its series, RSVP counts, whether answers are open, the caller's
 * `family` on its roster, the whole roster (staff only) and permissions.
 */
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
 * times in the program's zone; with `recurrence`, the first occurrence of a
 * series (issue 5). Throws `ApiError` (`validation_failed` with
 * `errors[].path` such as `endLocal` or `recurrence.until`).
 */
export function useCreateEvent(programId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateEvent) =>
      apiRequest<{ event: Event }>(`${base(programId)}/events`, { method: 'POST', body }),
    onSuccess: () => refreshEvents(queryClient, programId),
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

// ---------------------------------------------------------------------------
// Events: edit, cancel, reinstate, delete, RSVP and the RSVP waitlist (issue 5,
// docs/decisions/006).
// ---------------------------------------------------------------------------

/**
 * Key of a profile's view of an event, the same as the profiles feature's
 * `profileKeys.event` (query keys are the contract between features).
 */
const profileEventKey = (profileId: string, eventId: string) =>
  ['profiles', profileId, 'event', eventId] as const;

/**
 * Refetches what shows a program's events after one of them (or its series)
 * changed: the program's calendars and event pages, profile calendars and
 * event pages, and home with its family calendar. The page of `deletedEventId`
 * is left alone: it is closing, and refetching it would only answer 404.
 */
async function refreshEvents(
  queryClient: QueryClient,
  programId: string,
  deletedEventId?: string,
): Promise<void> {
  const isKept = (key: readonly unknown[]) =>
    deletedEventId === undefined || key[2] !== 'event' || key[3] !== deletedEventId;
  await Promise.all([
    queryClient.invalidateQueries({
      queryKey: ['programs', programId],
      predicate: (query) => isKept(query.queryKey),
    }),
    queryClient.invalidateQueries({
      queryKey: ['profiles'],
      predicate: (query) => isKept(query.queryKey),
    }),
    // Home and its family calendar (`['home', 'family-events', range]`).
    queryClient.invalidateQueries({ queryKey: ['home'] }),
  ]);
}

/** Puts an event the server answered into its detail's cache entry (the page shows it at once). */
function storeEvent(queryClient: QueryClient, programId: string, event: Event): void {
  queryClient.setQueryData<EventDetail>(programKeys.event(programId, event.id), (old) =>
    old ? { ...old, event } : old,
  );
}

/**
 * `PATCH /api/programs/:programId/events/:eventId` (`updateEventSchema`): the
 * whole form plus `scope` (`this` | `following` | `all`). Answers the edited
 * occurrence. Throws `ApiError` `validation_failed` with `errors[].path`
 * (e.g. `startLocal`, `recurrence.count`), `not_found`, `forbidden`.
 */
export function useUpdateEvent(programId: string, eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateEvent) =>
      apiRequest<{ event: Event }>(`${base(programId)}/events/${encodeURIComponent(eventId)}`, {
        method: 'PATCH',
        body,
      }),
    onSuccess: async ({ event }) => {
      storeEvent(queryClient, programId, event);
      await refreshEvents(queryClient, programId);
    },
  });
}

/**
 * `POST .../events/:eventId/cancel` `{ reason }` (one occurrence; families see
 * it struck through with the reason). Throws `conflict` (409) when it is
 * already cancelled.
 */
export function useCancelEvent(programId: string, eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CancelEvent) =>
      apiRequest<{ event: Event }>(
        `${base(programId)}/events/${encodeURIComponent(eventId)}/cancel`,
        { method: 'POST', body },
      ),
    onSuccess: async ({ event }) => {
      storeEvent(queryClient, programId, event);
      await refreshEvents(queryClient, programId);
    },
  });
}

/** `POST .../events/:eventId/reinstate`: undoes a cancellation. Throws `conflict` (409) when it is not cancelled. */
export function useReinstateEvent(programId: string, eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<{ event: Event }>(
        `${base(programId)}/events/${encodeURIComponent(eventId)}/reinstate`,
        { method: 'POST' },
      ),
    onSuccess: async ({ event }) => {
      storeEvent(queryClient, programId, event);
      await refreshEvents(queryClient, programId);
    },
  });
}

/**
 * `DELETE .../events/:eventId` `{ scope }` (204). Throws `conflict` (409,
 * with a `detail` to show) when an occurrence it would remove has attendance
 * marks: those are cancelled instead. The deleted event's own page is left
 * alone (it is closing), everything else that lists events is refetched.
 */
export function useDeleteEvent(programId: string, eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeleteEvent) =>
      apiRequest<void>(`${base(programId)}/events/${encodeURIComponent(eventId)}`, {
        method: 'DELETE',
        body,
      }),
    onSuccess: () => refreshEvents(queryClient, programId, eventId),
  });
}

/** Variables of {@link useSetEventRsvp}: whose answer and what it is. */
export interface EventRsvpChange {
  profileId: string;
  answer: RsvpAnswer;
}

/**
 * `PUT /api/profiles/:profileId/events/:eventId/rsvp` `{ answer }` from the
 * program's event page (the caller's `family`). The answer (with a waitlist
 * position when the event is full) and the new counts go into the page's
 * cache at once; then the event, the profile's pages and home refetch.
 * Throws `conflict` (409) when answers are closed or the event is cancelled.
 */
export function useSetEventRsvp(programId: string, eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ profileId, answer }: EventRsvpChange) =>
      apiRequest<RsvpResult>(
        `/api/profiles/${encodeURIComponent(profileId)}/events/${encodeURIComponent(eventId)}/rsvp`,
        { method: 'PUT', body: { answer } satisfies SetRsvp },
      ),
    onSuccess: async (result, { profileId }) => {
      queryClient.setQueryData<EventDetail>(programKeys.event(programId, eventId), (old) =>
        old
          ? {
              ...old,
              counts: result.counts,
              family: old.family.map((member) =>
                member.profileId === profileId ? { ...member, rsvp: result.rsvp } : member,
              ),
            }
          : old,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: programKeys.event(programId, eventId) }),
        queryClient.invalidateQueries({ queryKey: profileEventKey(profileId, eventId) }),
        queryClient.invalidateQueries({ queryKey: ['profiles', profileId, 'activities'] }),
        queryClient.invalidateQueries({ queryKey: ['home'] }),
      ]);
    },
  });
}

/**
 * `PUT /api/programs/:programId/events/:eventId/waitlist` `{ profileIds }`
 * (staff): the waiting profiles in their new order, first in line first.
 * The event refetches afterwards, and after a failure too (the list may have
 * changed meanwhile).
 */
export function useReorderEventWaitlist(programId: string, eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profileIds: string[]) =>
      apiRequest<unknown>(`${base(programId)}/events/${encodeURIComponent(eventId)}/waitlist`, {
        method: 'PUT',
        body: { profileIds } satisfies ReorderEventWaitlist,
      }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: programKeys.event(programId, eventId) }),
  });
}
