import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToOrg,
  createOrg,
  createProgram,
  createTestApp,
  makeGlobalAdmin,
  newPhone,
  signUp,
  type TestApp,
} from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const req = (...args: Parameters<TestApp['req']>) => t.req(...args);

async function orgWithMember(role: 'owner' | 'admin' | 'staff') {
  const owner = await signUp(t, 'Owner');
  const member = await signUp(t, `A ${role}`);
  const orgId = await createOrg(t, owner, 'Roles Club');
  await addToOrg(t, owner, orgId, member, role);
  return { owner, member, orgId };
}

describe('owners', () => {
  it('the last owner can neither leave nor be demoted; with a second owner both work', async () => {
    const { owner, member, orgId } = await orgWithMember('admin');
    const leave = await req(owner, 'POST', `/api/orgs/${orgId}/leave`);
    expect(leave.statusCode).toBe(409);
    expect(leave.json().detail).toMatch(/at least one owner/);
    expect(
      (await req(owner, 'PATCH', `/api/orgs/${orgId}/members/${owner.id}`, { role: 'admin' }))
        .statusCode,
    ).toBe(409);
    expect((await req(owner, 'DELETE', `/api/orgs/${orgId}/members/${owner.id}`)).statusCode).toBe(
      409,
    );

    expect(
      (await req(owner, 'PATCH', `/api/orgs/${orgId}/members/${member.id}`, { role: 'owner' }))
        .statusCode,
    ).toBe(204);
    expect(
      (await req(owner, 'PATCH', `/api/orgs/${orgId}/members/${owner.id}`, { role: 'admin' }))
        .statusCode,
    ).toBe(204);
    const members = (await req(member, 'GET', `/api/orgs/${orgId}/members`)).json().members;
    expect(members.map((m: { role: string }) => m.role)).toEqual(['owner', 'admin']);
  });

  it('two owners demoting each other at the same moment leave exactly one owner', async () => {
    const { owner, member, orgId } = await orgWithMember('owner');
    const [a, b] = await Promise.all([
      req(owner, 'PATCH', `/api/orgs/${orgId}/members/${member.id}`, { role: 'staff' }),
      req(member, 'PATCH', `/api/orgs/${orgId}/members/${owner.id}`, { role: 'staff' }),
    ]);
    // The loser is refused either as no longer an owner (403) or as the last owner (409).
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes[0]).toBe(204);
    expect([403, 409]).toContain(codes[1]);
    const { rows } = await t.database.pool.query(
      `select count(*)::int as n from org_members where org_id = $1 and role = 'owner'`,
      [orgId],
    );
    expect(rows[0].n).toBe(1);
  });

  it('transfers ownership: the member becomes owner, the caller an admin', async () => {
    const { owner, member, orgId } = await orgWithMember('staff');
    expect(
      (await req(owner, 'POST', `/api/orgs/${orgId}/transfer-ownership`, { userId: member.id }))
        .statusCode,
    ).toBe(204);
    const org = (await req(owner, 'GET', `/api/orgs/${orgId}`)).json();
    expect(org.org.role).toBe('admin');
    expect(org.staffSummary).toEqual({ owner: 1, admin: 1, staff: 0 });
  });

  it('deletes an org only when its name is typed exactly', async () => {
    const owner = await signUp(t, 'Deleter');
    const orgId = await createOrg(t, owner, 'Doomed FC');
    const wrong = await req(owner, 'DELETE', `/api/orgs/${orgId}`, { confirmName: 'doomed fc' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].path).toBe('confirmName');
    expect((await req(owner, 'GET', `/api/orgs/${orgId}`)).statusCode).toBe(200);
    expect(
      (await req(owner, 'DELETE', `/api/orgs/${orgId}`, { confirmName: 'Doomed FC' })).statusCode,
    ).toBe(204);
    expect((await req(owner, 'GET', `/api/orgs/${orgId}`)).statusCode).toBe(404);
  });
});

describe('admins and staff', () => {
  it('admins manage staff but not owners or admins', async () => {
    const { owner, member: admin, orgId } = await orgWithMember('admin');
    const invite = await req(admin, 'POST', `/api/orgs/${orgId}/invites`, {
      phoneNumber: newPhone(),
      role: 'admin',
    });
    expect(invite.statusCode).toBe(403);
    expect((await req(admin, 'DELETE', `/api/orgs/${orgId}/members/${owner.id}`)).statusCode).toBe(
      403,
    );
    expect(
      (await req(admin, 'PATCH', `/api/orgs/${orgId}/members/${owner.id}`, { role: 'staff' }))
        .statusCode,
    ).toBe(403);
    const staffInvite = await req(admin, 'POST', `/api/orgs/${orgId}/invites`, {
      phoneNumber: newPhone(),
      role: 'staff',
    });
    expect(staffInvite.statusCode).toBe(201);
  });

  it('a removed member loses access at once, also in sessions already open', async () => {
    const { owner, member, orgId } = await orgWithMember('staff');
    const programId = await createProgram(t, owner, orgId);
    expect((await req(member, 'GET', `/api/programs/${programId}`)).statusCode).toBe(200);
    expect((await req(owner, 'DELETE', `/api/orgs/${orgId}/members/${member.id}`)).statusCode).toBe(
      204,
    );
    expect((await req(member, 'GET', `/api/orgs/${orgId}`)).statusCode).toBe(404);
    expect((await req(member, 'GET', `/api/programs/${programId}`)).statusCode).toBe(404);
  });

  it('org staff see the org and its programs but change nothing', async () => {
    const { owner, member: staff, orgId } = await orgWithMember('staff');
    const programId = await createProgram(t, owner, orgId);
    const org = (await req(staff, 'GET', `/api/orgs/${orgId}`)).json();
    expect(org.permissions).toEqual({
      canEdit: false,
      canCreateProgram: false,
      canManageMembers: false,
      canManageAdmins: false,
      canDelete: false,
    });
    const members = (await req(staff, 'GET', `/api/orgs/${orgId}/members`)).json();
    expect(
      members.members.every((m: { phoneNumber: string | null }) => m.phoneNumber === null),
    ).toBe(true);
    expect(members.invites).toEqual([]);
    expect(
      (await req(staff, 'PATCH', `/api/programs/${programId}`, { name: 'Mine now' })).statusCode,
    ).toBe(403);
  });

  it('program staff must be members of the organisation', async () => {
    const owner = await signUp(t, 'Owner');
    const outsider = await signUp(t, 'Outsider');
    const programId = await createProgram(t, owner, await createOrg(t, owner, 'Staff Club'));
    const res = await req(owner, 'PUT', `/api/programs/${programId}/staff/${outsider.id}`, {
      role: 'coach',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/Invite them first/);
  });
});

describe('archived programs', () => {
  it('are read-only until restored', async () => {
    const owner = await signUp(t, 'Archivist');
    const programId = await createProgram(t, owner, await createOrg(t, owner, 'Archive Club'));
    expect(
      (await req(owner, 'POST', `/api/programs/${programId}/archive`)).json().program.status,
    ).toBe('archived');
    const detail = (await req(owner, 'GET', `/api/programs/${programId}`)).json();
    expect(detail.permissions).toMatchObject({
      canEdit: false,
      canManageEvents: false,
      canArchive: true,
    });
    expect(
      (await req(owner, 'PATCH', `/api/programs/${programId}`, { name: 'Edited' })).statusCode,
    ).toBe(403);
    const event = await req(owner, 'POST', `/api/programs/${programId}/events`, {
      title: 'X',
      startLocal: '2030-01-01T10:00',
      endLocal: '2030-01-01T11:00',
    });
    expect(event.statusCode).toBe(403);
    expect(event.json().detail).toMatch(/archived/);
    expect(
      (
        await req(owner, 'POST', `/api/programs/${programId}/fee-plans`, {
          name: 'P',
          priceMinor: 1,
          currency: 'INR',
          billing: 'period',
          period: 'month',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await req(owner, 'POST', `/api/programs/${programId}/restore`)).json().program.status,
    ).toBe('active');
    expect(
      (await req(owner, 'PATCH', `/api/programs/${programId}`, { name: 'Edited' })).json().program
        .name,
    ).toBe('Edited');
  });
});

describe('settings', () => {
  it('updates org settings and refuses a taken slug', async () => {
    const a = await signUp(t, 'A');
    const b = await signUp(t, 'B');
    await createOrg(t, a, 'Taken Slug Club');
    const orgId = await createOrg(t, b, 'Second Club');
    const res = await req(b, 'PATCH', `/api/orgs/${orgId}`, { slug: 'taken-slug-club' });
    expect(res.statusCode).toBe(409);
    const ok = await req(b, 'PATCH', `/api/orgs/${orgId}`, {
      name: 'Renamed',
      timeZone: 'Europe/London',
      country: 'GB',
      slug: 'renamed',
    });
    expect(ok.json().org).toMatchObject({
      name: 'Renamed',
      timeZone: 'Europe/London',
      country: 'GB',
      slug: 'renamed',
    });
  });

  it('keeps fee plans in minor units and validates the plan kind', async () => {
    const owner = await signUp(t, 'Fees');
    const programId = await createProgram(t, owner, await createOrg(t, owner, 'Fee Club'));
    const pack = await req(owner, 'POST', `/api/programs/${programId}/fee-plans`, {
      name: '10-session pack',
      priceMinor: 450000,
      currency: 'inr',
      billing: 'pack',
      sessionsIncluded: 10,
    });
    expect(pack.json().feePlan).toMatchObject({
      priceMinor: 450000,
      currency: 'INR',
      billing: 'pack',
      sessionsIncluded: 10,
      period: null,
    });
    const bad = await req(owner, 'POST', `/api/programs/${programId}/fee-plans`, {
      name: 'Odd',
      priceMinor: 100,
      currency: 'INR',
      billing: 'pack',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('sessionsIncluded');
    const off = await req(
      owner,
      'PATCH',
      `/api/programs/${programId}/fee-plans/${pack.json().feePlan.id}`,
      { isActive: false },
    );
    expect(off.json().feePlan.isActive).toBe(false);
  });

  it('updates program capacity, join policy and category', async () => {
    const owner = await signUp(t, 'Prog');
    const programId = await createProgram(t, owner, await createOrg(t, owner, 'Prog Club'));
    const res = await req(owner, 'PATCH', `/api/programs/${programId}`, {
      capacity: 24,
      joinPolicy: 'open',
      category: 'Football',
    });
    expect(res.json().program).toMatchObject({
      capacity: 24,
      joinPolicy: 'open',
      category: 'Football',
    });
    expect(
      (await req(owner, 'PATCH', `/api/programs/${programId}`, { capacity: null })).json().program
        .capacity,
    ).toBeNull();
    expect((await req(owner, 'PATCH', `/api/programs/${programId}`, {})).statusCode).toBe(400);
  });
});

describe('search', () => {
  it('finds what the user may see, even misspelt, and nothing of other tenants', async () => {
    const owner = await signUp(t, 'Searcher');
    const stranger = await signUp(t, 'Stranger');
    const orgId = await createOrg(t, owner, 'Chennai Cricket Academy');
    await createProgram(t, owner, orgId, { name: 'Junior Badminton Batch' });
    const hits = (await req(owner, 'GET', `/api/search?q=${encodeURIComponent('badmintn')}`)).json()
      .results;
    expect(hits[0]).toMatchObject({
      type: 'program',
      title: 'Junior Badminton Batch',
      subtitle: 'Chennai Cricket Academy',
    });
    expect(hits[0].path).toMatch(/^\/programs\/[0-9a-f-]+$/);
    const orgHits = (await req(owner, 'GET', '/api/search?q=chenai%20criket')).json().results;
    expect(orgHits.map((h: { title: string }) => h.title)).toContain('Chennai Cricket Academy');
    expect((await req(stranger, 'GET', '/api/search?q=badmintn')).json().results).toEqual([]);
    const profile = (await req(owner, 'GET', '/api/search?q=Searcher')).json().results;
    expect(profile).toEqual([expect.objectContaining({ type: 'profile', title: 'Searcher' })]);
  });

  it('lets a global admin find any tenant by a misspelt name, one hit per item', async () => {
    const owner = await signUp(t, 'Tenant');
    const admin = await signUp(t, 'Operator');
    await makeGlobalAdmin(t, admin);
    const orgId = await createOrg(t, owner, 'Guwahati Archery Guild');
    await createProgram(t, owner, orgId, {
      name: 'Recurve Beginners',
      description: 'Archery for beginners',
    });
    const hits = (await req(admin, 'GET', '/api/search?q=archry')).json().results;
    expect(hits.map((h: { type: string; title: string }) => `${h.type}:${h.title}`)).toEqual(
      expect.arrayContaining(['org:Guwahati Archery Guild']),
    );
    const programs = (await req(admin, 'GET', '/api/search?q=recurv%20beginers')).json().results;
    expect(programs.filter((h: { title: string }) => h.title === 'Recurve Beginners')).toHaveLength(
      1,
    );
  });

  it('treats LIKE wildcards in the query as text', async () => {
    const owner = await signUp(t, 'Wild');
    await createOrg(t, owner, 'Percent Club');
    expect((await req(owner, 'GET', '/api/search?q=%25')).json().results).toEqual([]);
  });
});
