import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messageSchema, threadSchema } from '@rally/shared/conversations';
import type { RealtimeEvent } from '@rally/shared/realtime';
import { createTestApp, signUp, type TestApp } from '../../test/harness.ts';
import { enrolFamily } from '../attendance/test-fixtures.ts';
import {
  addCoach,
  addGuardian,
  addOrgMember,
  createChatClub,
  familyThread,
  newKey,
  notificationsOf,
  sendMessage,
  sent,
  staffThread,
} from './test-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function conversationRows(programId: string) {
  const { rows } = await t.database.pool.query(
    'select id, profile_id from conversations where program_id = $1',
    [programId],
  );
  return rows;
}

describe('sending', () => {
  it('the same send retried 100 times at once leaves one message, and every answer carries its id', async () => {
    const { coach, programId, asha } = await createChatClub(t);
    const url = staffThread(programId, asha.childId);
    const body = { clientMessageId: newKey(), body: 'Training moves to 6 pm' };
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => t.req(coach, 'POST', `${url}/messages`, body)),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(99);
    const ids = new Set(answers.map((a) => a.json().message.id as string));
    expect(ids.size).toBe(1);

    const { rows } = await t.database.pool.query(
      `select count(*)::int as n from messages m join conversations c on c.id = m.conversation_id
       where c.program_id = $1`,
      [programId],
    );
    expect(rows[0].n).toBe(1);
    // The family was told once, not 100 times.
    const notes = await notificationsOf(t, asha.parent);
    expect(notes.filter((n) => n.kind === 'message')).toHaveLength(1);
  });

  it('two first messages at once (staff and family) make one thread holding both', async () => {
    const { coach, programId, asha } = await createChatClub(t);
    const [fromCoach, fromParent] = await Promise.all([
      sendMessage(t, coach, staffThread(programId, asha.childId), 'Welcome to the batch!'),
      sendMessage(t, asha.parent, familyThread(asha.childId, programId), 'Hello coach'),
    ]);
    expect(fromCoach.statusCode, fromCoach.body).toBe(201);
    expect(fromParent.statusCode, fromParent.body).toBe(201);
    expect(fromCoach.json().message.conversationId).toBe(fromParent.json().message.conversationId);
    expect(await conversationRows(programId)).toHaveLength(1);

    const thread = await t.req(asha.parent, 'GET', familyThread(asha.childId, programId));
    expect(threadSchema.strict().safeParse(thread.json()).error).toBeUndefined();
    expect(
      thread
        .json()
        .messages.map((m: { body: string }) => m.body)
        .sort(),
    ).toEqual(['Hello coach', 'Welcome to the batch!']);
  });

  it('answers 201 with the message, then 200 with the same one for a retried key; a key from another thread is 409', async () => {
    const { coach, programId, asha } = await createChatClub(t);
    const bea = await enrolFamily(t, coach, programId, 'Bea');
    const key = newKey();
    const url = staffThread(programId, asha.childId);
    const first = await t.req(coach, 'POST', `${url}/messages`, {
      clientMessageId: key,
      body: 'Hi',
    });
    expect(first.statusCode).toBe(201);
    expect(messageSchema.strict().safeParse(first.json().message).error).toBeUndefined();
    expect(first.json().message).toMatchObject({
      body: 'Hi',
      kind: 'message',
      senderSide: 'staff',
      sender: { userId: coach.id, displayName: 'Coach Kavya' },
      isRead: false,
      canModify: true,
      clientMessageId: key,
    });
    const retry = await t.req(coach, 'POST', `${url}/messages`, {
      clientMessageId: key,
      body: 'Hi (edited while offline)',
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().message).toEqual(first.json().message);

    const elsewhere = await t.req(
      coach,
      'POST',
      `${staffThread(programId, bea.childId)}/messages`,
      {
        clientMessageId: key,
        body: 'Hi',
      },
    );
    expect(elsewhere.statusCode).toBe(409);
  });

  it('refuses an empty message naming body, and bad keys naming clientMessageId', async () => {
    const { coach, programId, asha } = await createChatClub(t);
    const url = `${staffThread(programId, asha.childId)}/messages`;
    const empty = await t.req(coach, 'POST', url, { clientMessageId: newKey(), body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0].path).toBe('body');
    const badKey = await t.req(coach, 'POST', url, { clientMessageId: 'a b', body: 'Hi' });
    expect(badKey.json().errors[0].path).toBe('clientMessageId');
  });

  it('publishes message.created on the thread and conversation.updated on both inboxes after commit', async () => {
    const { coach, programId, asha } = await createChatClub(t);
    const publish = vi.spyOn(t.services.realtime, 'publish');
    try {
      const message = await sent(t, coach, staffThread(programId, asha.childId), 'See you at 6');
      const events = publish.mock.calls.flatMap((c) => [...c[0]]) as RealtimeEvent[];
      const created = events.find((e) => e.kind === 'message.created');
      expect(created).toMatchObject({
        topic: `conversation:${message.conversationId}`,
        ids: [message.id],
        payload: { id: message.id, body: 'See you at 6', canModify: false },
      });
      expect(events.filter((e) => e.kind === 'conversation.updated').map((e) => e.topic)).toEqual(
        expect.arrayContaining([`program:${programId}`, `profile:${asha.childId}`]),
      );
      expect(events.find((e) => e.kind === 'notification.created')).toMatchObject({
        topic: `user:${asha.parent.id}`,
        payload: { kind: 'message', path: `/p/${asha.childId}/conversations/${programId}` },
      });
    } finally {
      publish.mockRestore();
    }
  });
});

describe('who is on which side', () => {
  it('any manager of the profile and any of the program staff read and write the one thread', async () => {
    const { coach, orgId, programId, asha } = await createChatClub(t);
    const secondCoach = await addCoach(t, coach, orgId, programId, 'Coach Ravi');
    const admin = await addOrgMember(t, coach, orgId, 'Admin Meera', 'admin');
    const mother = await addGuardian(t, asha.parent, asha.childId, 'Mother of Asha');
    const staffUrl = staffThread(programId, asha.childId);
    const familyUrl = familyThread(asha.childId, programId);

    await sent(t, secondCoach, staffUrl, 'From Ravi');
    await sent(t, admin, staffUrl, 'From Meera');
    await sent(t, mother, familyUrl, 'From mother');
    await sent(t, asha.parent, familyUrl, 'From father');

    for (const [user, url] of [
      [coach, staffUrl],
      [secondCoach, staffUrl],
      [admin, staffUrl],
      [mother, familyUrl],
      [asha.parent, familyUrl],
    ] as const) {
      const res = await t.req(user, 'GET', url);
      expect(res.statusCode).toBe(200);
      expect(res.json().messages.map((m: { body: string }) => m.body)).toEqual([
        'From Ravi',
        'From Meera',
        'From mother',
        'From father',
      ]);
      expect(res.json().side).toBe(url === staffUrl ? 'staff' : 'family');
    }
  });

  it('another family, a coach of another program, org staff and strangers get 404 on every route', async () => {
    const { coach, orgId, programId, asha } = await createChatClub(t);
    const bea = await enrolFamily(t, coach, programId, 'Bea');
    const otherProgram = await t.req(coach, 'POST', `/api/orgs/${orgId}/programs`, {
      name: 'U14 Cricket',
      timeZone: 'Asia/Kolkata',
    });
    const otherCoach = await addCoach(t, coach, orgId, otherProgram.json().program.id, 'Coach Ira');
    const orgStaff = await addOrgMember(t, coach, orgId, 'Staff Om', 'staff');
    const stranger = await signUp(t, 'Stranger');
    const message = await sent(t, coach, staffThread(programId, asha.childId), 'Private');

    const staffUrl = staffThread(programId, asha.childId);
    const familyUrl = familyThread(asha.childId, programId);
    const requests = (url: string) =>
      [
        ['GET', url, undefined],
        ['POST', `${url}/messages`, { clientMessageId: newKey(), body: 'Hi' }],
        ['PATCH', `${url}/messages/${message.id}`, { body: 'Changed' }],
        ['DELETE', `${url}/messages/${message.id}`, undefined],
        ['POST', `${url}/read`, { throughMessageId: message.id }],
      ] as const;
    for (const user of [bea.parent, otherCoach, orgStaff, stranger]) {
      for (const [method, url, body] of [...requests(staffUrl), ...requests(familyUrl)]) {
        const res = await t.req(user, method, url, body);
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
      }
      const inbox = await t.req(user, 'GET', `/api/programs/${programId}/conversations`);
      expect(inbox.statusCode).toBe(404);
    }
    // Bea's parent reaching into Asha's thread through Bea's own profile route: still 404.
    const viaOwn = await t.req(bea.parent, 'GET', staffThread(programId, asha.childId));
    expect(viaOwn.statusCode).toBe(404);
  });

  it('a profile never enrolled in the program has no thread (404); an ended enrolment keeps the thread readable', async () => {
    const { coach, programId, asha } = await createChatClub(t);
    const stranger = await signUp(t, 'Walk-in');
    const strangerProfile = (await t.req(stranger, 'GET', '/api/profiles')).json().profiles[0].id;
    const none = await t.req(coach, 'GET', staffThread(programId, strangerProfile));
    expect(none.statusCode).toBe(404);
    const write = await sendMessage(t, coach, staffThread(programId, strangerProfile), 'Hi');
    expect(write.statusCode).toBe(404);

    // A family whose enrolment ended cannot start a thread, but staff can still write to them.
    const cancel = await t.req(
      coach,
      'POST',
      `/api/programs/${programId}/subscriptions/${asha.subscriptionId}/transitions`,
      { action: 'cancel' },
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    const familyUrl = familyThread(asha.childId, programId);
    const view = await t.req(asha.parent, 'GET', familyUrl);
    expect(view.json()).toMatchObject({ canWrite: false, messages: [] });
    const refused = await sendMessage(t, asha.parent, familyUrl, 'Can we come back?');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toMatch(/Asha is not enrolled in U12 Football/);
    await sent(t, coach, staffThread(programId, asha.childId), 'We miss you!');
    // Now that the thread exists the family may answer in it.
    const reply = await sendMessage(t, asha.parent, familyUrl, 'We will be back in June');
    expect(reply.statusCode).toBe(201);
  });

  it('an archived program is read-only for both sides', async () => {
    const { coach, programId, asha } = await createChatClub(t);
    const message = await sent(t, coach, staffThread(programId, asha.childId), 'Last session');
    await t.req(coach, 'POST', `/api/programs/${programId}/archive`);
    const staff = await sendMessage(t, coach, staffThread(programId, asha.childId), 'Hi');
    expect(staff.statusCode).toBe(403);
    expect(staff.json().detail).toBe(
      'U12 Football is archived, so its conversations are read-only.',
    );
    const family = await sendMessage(t, asha.parent, familyThread(asha.childId, programId), 'Hi');
    expect(family.statusCode).toBe(403);
    const edit = await t.req(
      coach,
      'PATCH',
      `${staffThread(programId, asha.childId)}/messages/${message.id}`,
      { body: 'Changed' },
    );
    expect(edit.statusCode).toBe(403);
    const thread = await t.req(asha.parent, 'GET', familyThread(asha.childId, programId));
    expect(thread.json()).toMatchObject({ canWrite: false });
    expect(thread.json().messages).toHaveLength(1);
  });
});

describe('read state', () => {
  it('is per side: one coach reading reads it for all staff; unread counts and "Read" follow', async () => {
    const { coach, orgId, programId, asha } = await createChatClub(t);
    const ravi = await addCoach(t, coach, orgId, programId, 'Coach Ravi');
    const staffUrl = staffThread(programId, asha.childId);
    const familyUrl = familyThread(asha.childId, programId);
    await sent(t, asha.parent, familyUrl, 'Is there training today?');
    const second = await sent(t, asha.parent, familyUrl, 'It is raining here');

    const inboxOf = async (user: typeof coach) =>
      (await t.req(user, 'GET', `/api/programs/${programId}/conversations`)).json().conversations;
    expect((await inboxOf(ravi))[0]).toMatchObject({ profileId: asha.childId, unreadCount: 2 });
    expect((await t.req(coach, 'GET', '/api/conversations/unread')).json()).toEqual({
      programs: { [programId]: 1 },
      profiles: {},
    });

    const before = await t.req(asha.parent, 'GET', familyUrl);
    expect(before.json().messages.map((m: { isRead: boolean }) => m.isRead)).toEqual([
      false,
      false,
    ]);
    expect(before.json().otherSideReadAt).toBeNull();

    const read = await t.req(ravi, 'POST', `${staffUrl}/read`, { throughMessageId: second.id });
    expect(read.statusCode).toBe(204);

    // Read for the whole staff side, Kavya included.
    expect((await inboxOf(coach))[0].unreadCount).toBe(0);
    expect((await t.req(coach, 'GET', '/api/conversations/unread')).json().programs).toEqual({});
    const after = await t.req(asha.parent, 'GET', familyUrl);
    expect(after.json().messages.map((m: { isRead: boolean }) => m.isRead)).toEqual([true, true]);
    expect(after.json().otherSideReadAt).toBe(second.createdAt);
    // The family's own side is untouched: nothing from staff to read.
    expect(after.json().summary.unreadCount).toBe(0);

    // Read state only moves forward: marking an older message changes nothing.
    const first = after.json().messages[0].id;
    await t.req(coach, 'POST', `${staffUrl}/read`, { throughMessageId: first });
    const again = await t.req(asha.parent, 'GET', familyUrl);
    expect(again.json().otherSideReadAt).toBe(second.createdAt);

    // A staff reply counts for the family until they read it.
    const reply = await sent(t, coach, staffUrl, 'Yes, indoor hall');
    expect((await t.req(asha.parent, 'GET', '/api/conversations/unread')).json()).toEqual({
      programs: {},
      profiles: { [asha.childId]: 1 },
    });
    await t.req(asha.parent, 'POST', `${familyUrl}/read`, { throughMessageId: reply.id });
    expect((await t.req(asha.parent, 'GET', '/api/conversations/unread')).json().profiles).toEqual(
      {},
    );
  });

  it('refuses marking read through a message of another thread (400 naming throughMessageId)', async () => {
    const { coach, programId, asha } = await createChatClub(t);
    const bea = await enrolFamily(t, coach, programId, 'Bea');
    await sent(t, coach, staffThread(programId, asha.childId), 'For Asha');
    const other = await sent(t, coach, staffThread(programId, bea.childId), 'For Bea');
    const res = await t.req(asha.parent, 'POST', `${familyThread(asha.childId, programId)}/read`, {
      throughMessageId: other.id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('throughMessageId');
  });
});

describe('editing and deleting', () => {
  it('own messages for 15 minutes; after that 403; others’ messages 403; unknown ids 404', async () => {
    const { coach, orgId, programId, asha } = await createChatClub(t);
    const ravi = await addCoach(t, coach, orgId, programId, 'Coach Ravi');
    const bea = await enrolFamily(t, coach, programId, 'Bea');
    const url = staffThread(programId, asha.childId);
    const message = await sent(t, coach, url, 'Trainng at 6');

    const edited = await t.req(coach, 'PATCH', `${url}/messages/${message.id}`, {
      body: 'Training at 6',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().message).toMatchObject({ body: 'Training at 6', canModify: true });
    expect(edited.json().message.editedAt).not.toBeNull();

    const byColleague = await t.req(ravi, 'PATCH', `${url}/messages/${message.id}`, { body: 'x' });
    expect(byColleague.statusCode).toBe(403);
    expect(byColleague.json().detail).toBe('You can only edit or delete your own messages.');

    const beaMessage = await sent(t, coach, staffThread(programId, bea.childId), 'For Bea');
    const wrongThread = await t.req(coach, 'PATCH', `${url}/messages/${beaMessage.id}`, {
      body: 'x',
    });
    expect(wrongThread.statusCode).toBe(404);

    t.clock.advance(16 * 60_000);
    const late = await t.req(coach, 'PATCH', `${url}/messages/${message.id}`, { body: 'Late' });
    expect(late.statusCode).toBe(403);
    expect(late.json().detail).toMatch(/15 minutes/);
    const lateDelete = await t.req(coach, 'DELETE', `${url}/messages/${message.id}`);
    expect(lateDelete.statusCode).toBe(403);
    const thread = await t.req(coach, 'GET', url);
    expect(thread.json().messages[0]).toMatchObject({ body: 'Training at 6', canModify: false });
  });

  it('a delete keeps the message in place with an empty body; the family sees it deleted', async () => {
    const { coach, programId, asha } = await createChatClub(t);
    const url = staffThread(programId, asha.childId);
    await sent(t, coach, url, 'First');
    const oops = await sent(t, coach, url, 'Wrong family, sorry');
    await sent(t, coach, url, 'Third');
    const res = await t.req(coach, 'DELETE', `${url}/messages/${oops.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatchObject({ id: oops.id, body: '', canModify: false });
    expect(res.json().message.deletedAt).not.toBeNull();

    const thread = await t.req(asha.parent, 'GET', familyThread(asha.childId, programId));
    expect(thread.json().messages.map((m: { body: string }) => m.body)).toEqual([
      'First',
      '',
      'Third',
    ]);
    const again = await t.req(coach, 'DELETE', `${url}/messages/${oops.id}`);
    expect(again.statusCode).toBe(409);
    const edit = await t.req(coach, 'PATCH', `${url}/messages/${oops.id}`, { body: 'Back' });
    expect(edit.statusCode).toBe(409);
  });
});

describe('paging', () => {
  it('pages back through 70 messages, each once and in order; after returns only newer ones', async () => {
    const { coach, programId, asha } = await createChatClub(t);
    const url = staffThread(programId, asha.childId);
    const sentIds: string[] = [];
    for (let i = 1; i <= 70; i += 1) {
      const who = i % 3 === 0 ? asha.parent : coach;
      const threadUrl = who === coach ? url : familyThread(asha.childId, programId);
      sentIds.push((await sent(t, who, threadUrl, `Message ${i}`)).id);
    }

    const seen: string[] = [];
    let page = (await t.req(coach, 'GET', `${url}?limit=30`)).json();
    seen.unshift(...page.messages.map((m: { id: string }) => m.id));
    expect(page.messages).toHaveLength(30);
    while (page.hasOlder) {
      const oldest = page.messages[0].id;
      page = (await t.req(coach, 'GET', `${url}?limit=30&before=${oldest}`)).json();
      seen.unshift(...page.messages.map((m: { id: string }) => m.id));
    }
    expect(seen).toEqual(sentIds);
    expect(page.messages).toHaveLength(10);

    const since = sentIds[64];
    const newer = (
      await t.req(asha.parent, 'GET', `${familyThread(asha.childId, programId)}?after=${since}`)
    ).json();
    expect(newer.messages.map((m: { id: string }) => m.id)).toEqual(sentIds.slice(65));
    expect(newer.messages.map((m: { body: string }) => m.body)).toEqual([
      'Message 66',
      'Message 67',
      'Message 68',
      'Message 69',
      'Message 70',
    ]);

    const both = await t.req(coach, 'GET', `${url}?before=${since}&after=${since}`);
    expect(both.statusCode).toBe(400);
    const foreign = await t.req(coach, 'GET', `${url}?before=${newKey()}`);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors[0].path).toBe('before');
  });
});

describe('resync', () => {
  it('lists what changed in a thread after a change number, by number, without per-viewer rights', async () => {
    const { coach, programId, asha } = await createChatClub(t);
    const url = staffThread(programId, asha.childId);
    const before = await sent(t, coach, url, 'Already seen');
    const edited = await sent(t, coach, url, 'Typo');
    const deleted = await sent(t, coach, url, 'Wrong thread');
    await t.req(coach, 'DELETE', `${url}/messages/${deleted.id}`);
    await t.req(coach, 'PATCH', `${url}/messages/${edited.id}`, { body: 'Fixed' });

    const changes = await t.services.threads.changesAfter(before.conversationId, before.seq);
    expect(changes.messages.map((m) => [m.id, m.body, m.seq, m.canModify])).toEqual([
      [deleted.id, '', 4, false],
      [edited.id, 'Fixed', 5, false],
    ]);
    expect(changes).toMatchObject({ seq: 5, isTruncated: false });
    const upToDate = await t.services.threads.changesAfter(before.conversationId, 5);
    expect(upToDate).toMatchObject({ messages: [], seq: 5, isTruncated: false });
  });

  it('is truncated, listing nothing, for a cursor the thread never reached and for an unknown thread', async () => {
    const { coach, programId, asha } = await createChatClub(t);
    const message = await sent(t, coach, staffThread(programId, asha.childId), 'Hello');
    const ahead = await t.services.threads.changesAfter(message.conversationId, message.seq + 1);
    expect(ahead).toMatchObject({ messages: [], seq: null, isTruncated: true });
    const unknown = await t.services.threads.changesAfter(newKey(), 0);
    expect(unknown).toMatchObject({ messages: [], seq: null, isTruncated: true });
  });
});

describe('notifications for messages', () => {
  it('tell the other side only, never the sender, and respect preferences', async () => {
    const { coach, orgId, programId, asha } = await createChatClub(t);
    const ravi = await addCoach(t, coach, orgId, programId, 'Coach Ravi');
    const mother = await addGuardian(t, asha.parent, asha.childId, 'Mother of Asha');
    const messagesOf = async (user: typeof coach) =>
      (await notificationsOf(t, user)).filter((n) => n.kind === 'message');

    await sent(t, ravi, staffThread(programId, asha.childId), 'Bring water');
    expect(await messagesOf(ravi)).toEqual([]);
    expect(await messagesOf(coach)).toEqual([]);
    for (const parent of [asha.parent, mother]) {
      expect(await messagesOf(parent)).toEqual([
        expect.objectContaining({
          path: `/p/${asha.childId}/conversations/${programId}`,
          data: expect.objectContaining({
            body: 'Bring water',
            senderName: 'Coach Ravi',
            programName: 'U12 Football',
            profileName: 'Asha',
          }),
        }),
      ]);
    }

    // The program has program staff (Ravi), so the org owner is not told about family messages.
    const off = await t.req(ravi, 'PUT', '/api/notifications/preferences', { messages: false });
    expect(off.json()).toEqual({
      messages: false,
      announcements: true,
      eventChanges: true,
      enrolments: true,
    });
    await sent(t, mother, familyThread(asha.childId, programId), 'Thanks!');
    expect(await messagesOf(ravi)).toEqual([]);
    expect(await messagesOf(coach)).toEqual([]);
    expect(await messagesOf(asha.parent)).toHaveLength(1);
  });

  it('family messages go to the org owners and admins when the program has no staff of its own', async () => {
    const { coach, orgId, programId, asha } = await createChatClub(t);
    const admin = await addOrgMember(t, coach, orgId, 'Admin Meera', 'admin');
    const staff = await addOrgMember(t, coach, orgId, 'Staff Om', 'staff');
    await sent(t, asha.parent, familyThread(asha.childId, programId), 'Hello?');
    for (const user of [coach, admin]) {
      expect((await notificationsOf(t, user)).filter((n) => n.kind === 'message')).toEqual([
        expect.objectContaining({
          kind: 'message',
          path: `/programs/${programId}/conversations/${asha.childId}`,
        }),
      ]);
    }
    expect(await notificationsOf(t, staff)).toEqual([]);
  });
});
