import { randomUUID } from 'node:crypto';
import {
  acceptInvites,
  addToOrg,
  signUp,
  type TestApp,
  type TestUser,
} from '../../test/harness.ts';
import { createClub, enrolFamily, type Family } from '../attendance/test-fixtures.ts';

/**
 * Test factories of the conversation tests (docs/decisions/007). Not part of the
 * server: only `*.test.ts` files import this.
 */

/** A club (its owner is "Coach Kavya"), one program, and one enrolled family (Asha). */
export interface ChatClub {
  coach: TestUser;
  orgId: string;
  programId: string;
  asha: Family;
}

/** Creates a {@link ChatClub}, with `programOverrides` for the program. */
export async function createChatClub(
  t: TestApp,
  programOverrides: Record<string, unknown> = {},
): Promise<ChatClub> {
  const club = await createClub(t, programOverrides);
  const asha = await enrolFamily(t, club.coach, club.programId, 'Asha');
  return { ...club, asha };
}

/** The program-side (staff) thread URL of `profileId` in `programId`. */
export function staffThread(programId: string, profileId: string): string {
  return `/api/programs/${programId}/conversations/${profileId}`;
}

/** The profile-side (family) thread URL of `profileId` with `programId`. */
export function familyThread(profileId: string, programId: string): string {
  return `/api/profiles/${profileId}/conversations/${programId}`;
}

/** A fresh `clientMessageId`. */
export function newKey(): string {
  return randomUUID();
}

/** Sends `body` to the thread at `threadUrl` as `user`; returns the raw answer. */
export function sendMessage(
  t: TestApp,
  user: TestUser,
  threadUrl: string,
  body: string,
  extra: Record<string, unknown> = {},
) {
  return t.req(user, 'POST', `${threadUrl}/messages`, {
    clientMessageId: newKey(),
    body,
    ...extra,
  });
}

/** Sends `body` and returns the stored message; throws unless 201. */
export async function sent(
  t: TestApp,
  user: TestUser,
  threadUrl: string,
  body: string,
): Promise<{ id: string; conversationId: string; createdAt: string; seq: number }> {
  const res = await sendMessage(t, user, threadUrl, body);
  if (res.statusCode !== 201)
    throw new Error(
      `send failed: ${res.statusCode} ${res.body} ${t.logs.filter((l) => l.includes('"level":50')).slice(-1)}`,
    );
  return res.json().message;
}

/** Signs up a user and adds them to `orgId` as `role` (the owner invites, they accept). */
export async function addOrgMember(
  t: TestApp,
  owner: TestUser,
  orgId: string,
  name: string,
  role: 'staff' | 'admin',
): Promise<TestUser> {
  const user = await signUp(t, name);
  await addToOrg(t, owner, orgId, user, role);
  return user;
}

/** Signs up a coach and makes them org staff and `coach` of `programId`. */
export async function addCoach(
  t: TestApp,
  owner: TestUser,
  orgId: string,
  programId: string,
  name: string,
): Promise<TestUser> {
  const coach = await addOrgMember(t, owner, orgId, name, 'staff');
  const res = await t.req(owner, 'PUT', `/api/programs/${programId}/staff/${coach.id}`, {
    role: 'coach',
  });
  if (res.statusCode >= 300) throw new Error(`staff failed: ${res.body}`);
  return coach;
}

/** Signs up a second guardian, invites them to manage `profileId`, and they accept. */
export async function addGuardian(
  t: TestApp,
  parent: TestUser,
  profileId: string,
  name: string,
): Promise<TestUser> {
  const guardian = await signUp(t, name);
  const res = await t.req(parent, 'POST', `/api/profiles/${profileId}/managers`, {
    phoneNumber: guardian.phoneNumber,
  });
  if (res.statusCode >= 300) throw new Error(`add guardian failed: ${res.body}`);
  await acceptInvites(t, guardian);
  return guardian;
}

/** The notifications of `user` (newest first) as the API lists them. */
export async function notificationsOf(
  t: TestApp,
  user: TestUser,
): Promise<{ kind: string; path: string; data: Record<string, unknown> }[]> {
  const res = await t.req(user, 'GET', '/api/notifications?limit=100');
  if (res.statusCode !== 200) throw new Error(`notifications failed: ${res.body}`);
  return res.json().notifications;
}
