import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboxSchema } from '@rally/shared/conversations';
import { createTestApp, type TestApp, type TestUser } from '../../test/harness.ts';
import { enrolFamily } from '../attendance/test-fixtures.ts';
import { createChatClub, familyThread, sent, staffThread } from './test-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Entry {
  id: string | null;
  otherParty: string;
  profileName: string;
  programName: string;
  unreadCount: number;
  lastMessage: { body: string; senderSide: string; senderName: string | null } | null;
}

async function inbox(
  user: TestUser,
  url: string,
): Promise<{ conversations: Entry[]; nextCursor: string | null }> {
  const res = await t.req(user, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  expect(inboxSchema.strict().safeParse(res.json()).error).toBeUndefined();
  return res.json();
}

describe('the program inbox', () => {
  it('lists threads by last message, then enrolled families without one by name', async () => {
    const { coach, programId, asha } = await createChatClub(t);
    const bea = await enrolFamily(t, coach, programId, 'Bea');
    const chandra = await enrolFamily(t, coach, programId, 'Chandra');
    await enrolFamily(t, coach, programId, 'Devi');
    await sent(t, coach, staffThread(programId, chandra.childId), 'Hello Chandra');
    t.clock.advance(1000);
    await sent(t, bea.parent, familyThread(bea.childId, programId), 'Bea is ill today');

    const { conversations } = await inbox(coach, `/api/programs/${programId}/conversations`);
    expect(conversations.map((c) => c.profileName)).toEqual(['Bea', 'Chandra', 'Asha', 'Devi']);
    expect(conversations[0]).toMatchObject({
      otherParty: bea.childId,
      unreadCount: 1,
      lastMessage: { body: 'Bea is ill today', senderSide: 'family', senderName: 'Parent of Bea' },
    });
    expect(conversations[1]).toMatchObject({
      unreadCount: 0,
      lastMessage: { senderSide: 'staff' },
    });
    expect(conversations[2]).toMatchObject({
      id: null,
      otherParty: asha.childId,
      lastMessage: null,
    });
  });

  it('pages with a cursor: every entry once, in order', async () => {
    const { coach, programId, asha } = await createChatClub(t);
    const names = ['Bea', 'Chandra', 'Devi', 'Esha', 'Farah', 'Gita'];
    const families = [asha];
    for (const name of names) families.push(await enrolFamily(t, coach, programId, name));
    for (const f of families.slice(0, 4)) {
      t.clock.advance(1000);
      await sent(t, coach, staffThread(programId, f.childId), 'Fees are due');
    }
    const seen: string[] = [];
    let url = `/api/programs/${programId}/conversations?limit=3`;
    for (;;) {
      const page = await inbox(coach, url);
      seen.push(...page.conversations.map((c) => c.profileName));
      if (!page.nextCursor) break;
      url = `/api/programs/${programId}/conversations?limit=3&cursor=${page.nextCursor}`;
    }
    expect(seen).toEqual(['Devi', 'Chandra', 'Bea', 'Asha', 'Esha', 'Farah', 'Gita']);
    const bad = await t.req(
      coach,
      'GET',
      `/api/programs/${programId}/conversations?cursor=nonsense`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('cursor');
  });

  it('searches names and message text; LIKE wildcards in the search are literal', async () => {
    const { coach, programId, asha } = await createChatClub(t);
    await enrolFamily(t, coach, programId, 'Bea_100%');
    await enrolFamily(t, coach, programId, 'Chandra');
    await sent(t, coach, staffThread(programId, asha.childId), 'Your jersey size is ready');
    const search = async (q: string) =>
      (
        await inbox(coach, `/api/programs/${programId}/conversations?q=${encodeURIComponent(q)}`)
      ).conversations.map((c) => c.profileName);

    expect(await search('ash')).toEqual(['Asha']);
    expect(await search('jersey')).toEqual(['Asha']);
    expect(await search('chan')).toEqual(['Chandra']);
    expect(await search('%')).toEqual(['Bea_100%']);
    expect(await search('_')).toEqual(['Bea_100%']);
    expect(await search('a_1')).toEqual(['Bea_100%']);
    expect(await search('nothing like it')).toEqual([]);
  });
});

describe('the family inbox', () => {
  it('lists the profile’s threads and its programs without one; searches program names', async () => {
    const { coach, orgId, programId, asha } = await createChatClub(t);
    const swim = await t.req(coach, 'POST', `/api/orgs/${orgId}/programs`, {
      name: 'Swimming',
      timeZone: 'Asia/Kolkata',
    });
    const swimId = swim.json().program.id as string;
    const enrol = await t.req(coach, 'POST', `/api/programs/${swimId}/subscriptions`, {
      profileId: asha.childId,
    });
    expect(enrol.statusCode, enrol.body).toBe(201);
    await sent(t, coach, staffThread(programId, asha.childId), 'See you Monday');

    const { conversations } = await inbox(
      asha.parent,
      `/api/profiles/${asha.childId}/conversations`,
    );
    expect(conversations.map((c) => [c.programName, c.otherParty, c.unreadCount])).toEqual([
      ['U12 Football', programId, 1],
      ['Swimming', swimId, 0],
    ]);
    expect(conversations[1]!.id).toBeNull();
    const found = await inbox(asha.parent, `/api/profiles/${asha.childId}/conversations?q=swim`);
    expect(found.conversations.map((c) => c.programName)).toEqual(['Swimming']);
  });
});
