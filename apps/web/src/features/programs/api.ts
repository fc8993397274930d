import { programsRoutes } from '@rally/shared/api/programs';
import type { ProgramDetail, ProgramRole, UpdateProgram } from '@rally/shared/programs';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { request } from '../../lib/api-request';

/**
 * TanStack Query keys of the program endpoints. Every key of a program's data
 * starts with `['programs', programId]`, the prefix the events, attendance,
 * subscriptions and feeds features build their keys under (`eventKeys`,
 * `attendanceKeys`, `subscriptionKeys`, `feedKeys`), so invalidating the
 * prefix refreshes all of a program.
 */
export const programKeys = {
  detail: (programId: string) => ['programs', programId, 'detail'] as const,
  staff: (programId: string) => ['programs', programId, 'staff'] as const,
};

/** `GET /api/programs/:programId`: the program and the caller's permissions. 404 when not visible. */
export const programQueryOptions = (programId: string) =>
  queryOptions({
    queryKey: programKeys.detail(programId),
    queryFn: ({ signal }) => request(programsRoutes.get, { params: { programId }, signal }),
  });

/** `GET /api/programs/:programId/staff`: the program's managers and coaches. */
export const programStaffQueryOptions = (programId: string) =>
  queryOptions({
    queryKey: programKeys.staff(programId),
    queryFn: ({ signal }) => request(programsRoutes.staff, { params: { programId }, signal }),
    select: (answer) => answer.staff,
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
      request(programsRoutes.update, { params: { programId }, body }),
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
      request(isArchived ? programsRoutes.archive : programsRoutes.restore, {
        params: { programId },
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
 * `PUT /api/programs/:programId/staff/:userId` `{ role }`: makes an org member
 * a manager or coach (or changes their role). Throws `validation_failed` when
 * they are not a member of the org.
 */
export function useSetProgramStaff(programId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: ProgramRole }) =>
      request(programsRoutes.setStaff, { params: { programId, userId }, body: { role } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: programKeys.staff(programId) }),
  });
}

/** `DELETE /api/programs/:programId/staff/:userId`: takes someone off the program's staff. */
export function useRemoveProgramStaff(programId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      request(programsRoutes.removeStaff, { params: { programId, userId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: programKeys.staff(programId) }),
  });
}
