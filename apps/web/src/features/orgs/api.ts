import { filesRoutes } from '@rally/shared/api/files';
import { orgsRoutes } from '@rally/shared/api/orgs';
import type { CreateInvite, CreateOrg, OrgRole, UpdateOrg } from '@rally/shared/orgs';
import type { CreateProgram } from '@rally/shared/programs';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { request } from '../../lib/api-request';

/**
 * TanStack Query keys of the organisation endpoints. `members` is also read by
 * the programs feature (picking program staff), so it is part of the contract.
 */
export const orgKeys = {
  all: ['orgs'] as const,
  list: () => ['orgs', 'list'] as const,
  detail: (orgId: string) => ['orgs', 'detail', orgId] as const,
  members: (orgId: string) => ['orgs', 'members', orgId] as const,
};

/** `GET /api/orgs`: the organisations the user belongs to (all of them for a global admin). */
export const orgsQueryOptions = () =>
  queryOptions({
    queryKey: orgKeys.list(),
    queryFn: ({ signal }) => request(orgsRoutes.list, { signal }),
  });

/**
 * `GET /api/orgs/:orgId`: the organisation, its programs (each with its next
 * event), its staff summary and what the caller may do. 404 when not visible.
 */
export const orgQueryOptions = (orgId: string) =>
  queryOptions({
    queryKey: orgKeys.detail(orgId),
    queryFn: ({ signal }) => request(orgsRoutes.get, { params: { orgId }, signal }),
  });

/**
 * `GET /api/orgs/:orgId/members`: members with their roles; phone numbers and
 * invites (pending, declined) only for owners and admins (else null phones and no invites).
 */
export const orgMembersQueryOptions = (orgId: string) =>
  queryOptions({
    queryKey: orgKeys.members(orgId),
    queryFn: ({ signal }) => request(orgsRoutes.members, { params: { orgId }, signal }),
  });

/** Refetches what a change to an org's settings or members can alter: the org, its members, lists, home. */
async function refreshOrg(queryClient: QueryClient, orgId: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: orgKeys.detail(orgId) }),
    queryClient.invalidateQueries({ queryKey: orgKeys.members(orgId) }),
    queryClient.invalidateQueries({ queryKey: orgKeys.list() }),
    queryClient.invalidateQueries({ queryKey: ['home'] }),
  ]);
}

/** `POST /api/orgs`: creates an organisation owned by the caller; refreshes org lists and home. */
export function useCreateOrg() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateOrg) => request(orgsRoutes.create, { body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: orgKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['home'] });
    },
  });
}

/** `POST /api/orgs/:orgId/programs`: creates a program in the organisation; refreshes the org. */
export function useCreateProgram(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateProgram) =>
      request(orgsRoutes.createProgram, { params: { orgId }, body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: orgKeys.detail(orgId) });
    },
  });
}

/**
 * `PATCH /api/orgs/:orgId` (owners and admins): changes name, slug, time zone
 * or country (send only what changed). Throws `ApiError`: `validation_failed`
 * with `errors[].path`, `conflict` (409) when the slug is taken.
 */
export function useUpdateOrg(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateOrg) => request(orgsRoutes.update, { params: { orgId }, body }),
    onSuccess: () => refreshOrg(queryClient, orgId),
  });
}

/**
 * For a page that can make its org disappear for the user (deleting it,
 * leaving it): returns `markGone()`. Once it was called, the org's cached
 * answers are dropped when the page unmounts (after navigating away), not
 * before, so no page still showing the org refetches it into a 404.
 */
export function useForgetOrgWhenGone(orgId: string): () => void {
  const queryClient = useQueryClient();
  const isGone = useRef(false);
  useEffect(
    () => () => {
      if (!isGone.current) return;
      queryClient.removeQueries({ queryKey: orgKeys.detail(orgId) });
      queryClient.removeQueries({ queryKey: orgKeys.members(orgId) });
    },
    [queryClient, orgId],
  );
  return useCallback(() => {
    isGone.current = true;
  }, []);
}

/**
 * `DELETE /api/orgs/:orgId` with `{ confirmName }` (owners only): deletes the
 * org and everything in it; lists and home are refetched (see
 * {@link useForgetOrgWhenGone} for the org's own answers). Throws `validation_failed`
 * when the name does not match.
 */
export function useDeleteOrg(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirmName: string) =>
      request(orgsRoutes.delete, { params: { orgId }, body: { confirmName } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: orgKeys.list() });
      await queryClient.invalidateQueries({ queryKey: ['home'] });
    },
  });
}

/**
 * `POST /api/orgs/:orgId/logo` (owners and admins): uploads `file` as the
 * org's logo, multipart in the field `file`. The server checks the bytes
 * (PNG, JPEG, WebP or GIF, at most 5 MB) and answers `validation_failed`
 * (400, or 413 when too large) with a message to show.
 */
export function useUploadOrgLogo(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      // Loaded on upload: the shared module carries zod, which no page loads up front.
      const { UPLOAD_FIELD } = await import('@rally/shared/files');
      const body = new FormData();
      body.append(UPLOAD_FIELD, file);
      return request(filesRoutes.setOrgLogo, { params: { orgId }, body });
    },
    onSuccess: () => refreshOrg(queryClient, orgId),
  });
}

/** `DELETE /api/orgs/:orgId/logo` (owners and admins): removes the logo (204 even when there was none). */
export function useRemoveOrgLogo(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request(filesRoutes.removeOrgLogo, { params: { orgId } }),
    onSuccess: () => refreshOrg(queryClient, orgId),
  });
}

/**
 * `POST /api/orgs/:orgId/invites` `{ phoneNumber, role }`: a pending invite,
 * the same whether or not the phone has an account; the person joins once
 * they accept it in the app (docs/decisions/009). Throws `invalid_phone`,
 * `conflict` (already a member or invited), `forbidden` (admins inviting
 * owners or admins).
 */
export function useInviteMember(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateInvite) => request(orgsRoutes.invite, { params: { orgId }, body }),
    onSuccess: () => refreshOrg(queryClient, orgId),
  });
}

/**
 * `DELETE /api/orgs/:orgId/invites/:inviteId`: revokes a pending invite, or
 * removes a declined one from the list (owners and admins).
 */
export function useRevokeInvite(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inviteId: string) =>
      request(orgsRoutes.revokeInvite, { params: { orgId, inviteId } }),
    onSuccess: () => refreshOrg(queryClient, orgId),
  });
}

/**
 * `PATCH /api/orgs/:orgId/members/:userId` `{ role }`. Throws `conflict` (409)
 * for the last owner, `forbidden` (403) when an admin touches owners or admins.
 */
export function useChangeMemberRole(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: OrgRole }) =>
      request(orgsRoutes.changeRole, { params: { orgId, userId }, body: { role } }),
    onSuccess: () => refreshOrg(queryClient, orgId),
  });
}

/** `DELETE /api/orgs/:orgId/members/:userId`: removes a member. Throws `conflict` (409) for the last owner. */
export function useRemoveMember(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => request(orgsRoutes.removeMember, { params: { orgId, userId } }),
    onSuccess: () => refreshOrg(queryClient, orgId),
  });
}

/**
 * `POST /api/orgs/:orgId/leave`: the caller leaves the organisation; lists and
 * home are refetched (see {@link useForgetOrgWhenGone} for the org's own answers).
 * Throws `conflict` (409) when they are its last owner.
 */
export function useLeaveOrg(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request(orgsRoutes.leave, { params: { orgId } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: orgKeys.list() });
      await queryClient.invalidateQueries({ queryKey: ['home'] });
    },
  });
}

/** `POST /api/orgs/:orgId/transfer-ownership` `{ userId }` (owners): they become owner, the caller admin. */
export function useTransferOwnership(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      request(orgsRoutes.transferOwnership, { params: { orgId }, body: { userId } }),
    onSuccess: () => refreshOrg(queryClient, orgId),
  });
}
