import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  addOrgMember,
  createChatClub,
  familyThread,
  sent,
} from '../conversations/test-fixtures.ts';
import {
  createProgram,
  createTestApp,
  makeGlobalAdmin,
  signUp,
  type TestApp,
} from '../../test/harness.ts';
import { createWorld, type World } from '../../test/world.ts';
import { conversationOf, listenOnFreePort, OpenSockets, type TestSocket } from './test-socket.ts';

// docs/decisions/007 "Access loss": suspend → re-check → revoked → resume, so nothing
// committed after a membership change reaches a topic its user lost.

const sockets = new OpenSockets();
afterEach(() => sockets.closeAll());

describe('the program inbox’s changes', () => {
  let t: TestApp;
  let url: string;
  let w: World;
  beforeAll(async () => {
    t = await createTestApp();
    url = await listenOnFreePort(t.app);
    w = await createWorld(t);
  });
  afterAll(() => t.close());

  it('reach the program’s staff, never its families or org members off its staff', async () => {
    const coach = await sockets.open(url, w.users.programCoach.token);
    const family = await sockets.open(url, w.users.profileManager.token);
    const member = await sockets.open(url, w.users.orgStaff.token);
    const topic = `program:${w.programId}`;
    for (const socket of [coach, family, member]) {
      expect(await socket.subscribe(topic)).toBe('subscribed');
    }
    // Another family writes to the program: the staff's inbox changes.
    const message = await sent(
      t,
      w.otherParent,
      familyThread(w.otherChildProfileId, w.programId),
      'Hi',
    );
    await coach.next(
      (f) =>
        f.type === 'event' &&
        f.event.topic === topic &&
        f.event.kind === 'conversation.updated' &&
        f.event.ids[0] === message.conversationId,
    );
    // Events on the program still reach everyone following it.
    const created = await t.req(w.users.orgOwner, 'POST', `/api/programs/${w.programId}/events`, {
      title: 'Drills',
      startLocal: '2030-02-04T18:00',
      endLocal: '2030-02-04T19:00',
    });
    const eventId = created.json().event.id as string;
    for (const socket of [family, member]) {
      await socket.next(
        (f) => f.type === 'event' && f.event.kind === 'event.created' && f.event.ids[0] === eventId,
      );
      expect(socket.events(topic, 'conversation.updated')).toEqual([]);
    }
  });
});

describe('losing access stops delivery at once', () => {
  let t: TestApp;
  let url: string;
  let w: World;
  let conversationId: string;
  beforeAll(async () => {
    t = await createTestApp();
    url = await listenOnFreePort(t.app);
    w = await createWorld(t);
    conversationId = await conversationOf(t.database.pool, { ...w, profileId: w.childProfileId });
  });
  afterAll(() => t.close());

  /** Creates an event as the org owner; resolves once the owner's socket got it. */
  async function createEventSeenBy(owner: TestSocket, title: string): Promise<string> {
    const created = await t.req(w.users.orgOwner, 'POST', `/api/programs/${w.programId}/events`, {
      title,
      startLocal: '2030-02-04T18:00',
      endLocal: '2030-02-04T19:00',
    });
    expect(created.statusCode, created.body).toBe(201);
    const eventId = created.json().event.id as string;
    await owner.next(
      (f) => f.type === 'event' && f.event.kind === 'event.created' && f.event.ids[0] === eventId,
    );
    return eventId;
  }

  /** Waits until every frame the server sent `socket` before now has arrived. */
  async function settle(socket: TestSocket): Promise<void> {
    const pong = socket.upcoming((f) => f.type === 'pong');
    socket.send({ type: 'ping' });
    await pong;
  }

  it('revokes a removed coach’s topics before anything committed after the removal', async () => {
    const owner = await sockets.open(url, w.users.orgOwner.token);
    const coach = await sockets.open(url, w.users.programCoach.token);
    const program = `program:${w.programId}`;
    const conversation = `conversation:${conversationId}`;
    expect(await owner.subscribe(program)).toBe('subscribed');
    expect(await coach.subscribe(program)).toBe('subscribed');
    expect(await coach.subscribe(conversation)).toBe('subscribed');

    // Off the program's staff: the coach no longer sees its roster or conversations,
    // but as org staff still sees the program.
    const offStaff = await t.req(
      w.users.orgOwner,
      'DELETE',
      `/api/programs/${w.programId}/staff/${w.users.programCoach.id}`,
    );
    expect(offStaff.statusCode, offStaff.body).toBe(204);
    expect(await coach.next((f) => f.type === 'revoked')).toEqual({
      type: 'revoked',
      topic: conversation,
    });
    const seen = await createEventSeenBy(owner, 'Still visible');
    await coach.next((f) => f.type === 'event' && f.event.ids[0] === seen);

    // Out of the org: the program goes too, and an event created right after is not
    // delivered, even while the re-check is slow (a busy database).
    const canFollow = t.realtime.hub.canFollow.bind(t.realtime.hub);
    const slowChecks = vi
      .spyOn(t.realtime.hub, 'canFollow')
      .mockImplementation(async (actor, topic) => {
        await new Promise((resolve) => setTimeout(resolve, 400));
        return canFollow(actor, topic);
      });
    const removed = await t.req(
      w.users.orgOwner,
      'DELETE',
      `/api/orgs/${w.orgId}/members/${w.users.programCoach.id}`,
    );
    expect(removed.statusCode, removed.body).toBe(204);
    const unseen = await createEventSeenBy(owner, 'After the removal');
    expect(await coach.next((f) => f.type === 'revoked' && f.topic === program)).toBeTruthy();
    slowChecks.mockRestore();
    await settle(coach);
    expect(coach.events(program).map((e) => e.ids[0])).not.toContain(unseen);
    expect(coach.events(program).map((e) => e.ids[0])).toContain(seen);
  });

  it('revokes a family’s program when its subscription ends, and a session’s topics on sign-out', async () => {
    const parent = await sockets.open(url, w.users.profileManager.token);
    const program = `program:${w.programId}`;
    const profile = `profile:${w.childProfileId}`;
    expect(await parent.subscribe(program)).toBe('subscribed');
    expect(await parent.subscribe(profile)).toBe('subscribed');
    const cancelled = await t.req(
      w.users.orgOwner,
      'POST',
      `/api/programs/${w.programId}/subscriptions/${w.subscriptionId}/transitions`,
      { action: 'cancel' },
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await parent.next((f) => f.type === 'revoked')).toEqual({
      type: 'revoked',
      topic: program,
    });

    const signedOut = await t.req(w.users.profileManager, 'POST', '/api/auth/signout');
    expect(signedOut.statusCode, signedOut.body).toBe(204);
    expect(await parent.next((f) => f.type === 'revoked' && f.topic === profile)).toBeTruthy();
    expect(await parent.subscribe(profile)).toBe('unauthenticated');
    expect(await parent.subscribe('config:client')).toBe('subscribed');
  });

  it('revokes what only global admin allowed when it is taken away', async () => {
    const second = await signUp(t, 'Second Admin');
    await makeGlobalAdmin(t, second);
    const otherProgram = await createProgram(t, w.users.otherOrgOwner, w.otherOrgId);
    const admin = await sockets.open(url, second.token);
    expect(await admin.subscribe(`program:${otherProgram}`)).toBe('subscribed');
    const revoked = await t.req(
      w.users.globalAdmin,
      'PUT',
      `/api/admin/users/${second.id}/global-admin`,
      { isGlobalAdmin: false },
    );
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(await admin.next((f) => f.type === 'revoked')).toEqual({
      type: 'revoked',
      topic: `program:${otherProgram}`,
    });
  });
  it('gives a global admin’s socket admin powers only when its session passed the authenticator step, also on reload', async () => {
    const admin = await signUp(t, 'Unverified Admin');
    await t.database.pool.query('update users set is_global_admin = true where id = $1', [
      admin.id,
    ]);
    const otherProgram = await createProgram(t, w.users.otherOrgOwner, w.otherOrgId);
    const socket = await sockets.open(url, admin.token);
    expect(await socket.subscribe(`program:${otherProgram}`)).not.toBe('subscribed');

    // The periodic re-check and every access change reload the actor (docs/decisions/007).
    const { rows } = await t.database.pool.query<{ id: string }>(
      'select id from sessions where user_id = $1',
      [admin.id],
    );
    const sessionId = rows[0]!.id;
    expect(await t.realtime.hub.reloadActor(sessionId)).toMatchObject({ isGlobalAdmin: false });
    await t.database.pool.query('update sessions set totp_verified_at = now() where id = $1', [
      sessionId,
    ]);
    expect(await t.realtime.hub.reloadActor(sessionId)).toMatchObject({ isGlobalAdmin: true });
  });
});

describe('losing a conversation', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp();
    url = await listenOnFreePort(t.app);
  });
  afterAll(() => t.close());

  it('stops delivering a thread to a coach taken off the program’s staff, even a message sent right after', async () => {
    const { coach: owner, orgId, programId, asha } = await createChatClub(t);
    const coach = await addOrgMember(t, owner, orgId, 'Coach Ravi', 'staff');
    const onStaff = await t.req(owner, 'PUT', `/api/programs/${programId}/staff/${coach.id}`, {
      role: 'coach',
    });
    expect(onStaff.statusCode, onStaff.body).toBe(204);
    const thread = familyThread(asha.childId, programId);
    const opening = await sent(t, asha.parent, thread, 'Hello coaches');
    const topic = `conversation:${opening.conversationId}`;
    const ownerSocket = await sockets.open(url, owner.token);
    const coachSocket = await sockets.open(url, coach.token);
    expect(await ownerSocket.subscribe(topic)).toBe('subscribed');
    expect(await coachSocket.subscribe(topic)).toBe('subscribed');

    const canFollow = t.realtime.hub.canFollow.bind(t.realtime.hub);
    const slowChecks = vi
      .spyOn(t.realtime.hub, 'canFollow')
      .mockImplementation(async (actor, checked) => {
        await new Promise((resolve) => setTimeout(resolve, 400));
        return canFollow(actor, checked);
      });
    const removed = await t.req(owner, 'DELETE', `/api/programs/${programId}/staff/${coach.id}`);
    expect(removed.statusCode, removed.body).toBe(204);
    const after = await sent(t, asha.parent, thread, 'Is training on today?');
    await ownerSocket.next((f) => f.type === 'event' && f.event.ids[0] === after.id);
    expect(await coachSocket.next((f) => f.type === 'revoked')).toEqual({ type: 'revoked', topic });
    slowChecks.mockRestore();
    const pong = coachSocket.upcoming((f) => f.type === 'pong');
    coachSocket.send({ type: 'ping' });
    await pong;
    expect(coachSocket.events(topic).map((e) => e.ids[0])).not.toContain(after.id);
  });
});
