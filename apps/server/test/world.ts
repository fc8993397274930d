import {
  acceptInvites,
  createOrg,
  createProgram,
  makeGlobalAdmin,
  selfProfileId,
  signUp,
  type TestApp,
  type TestUser,
} from './harness.ts';
import { multipartBody, setTinyLogo, TINY_PNG } from './uploads.ts';

/** The actors of the authorization matrix. */
export const actorNames = [
  'signedOut',
  'otherOrgOwner',
  'orgStaff',
  'programCoach',
  'profileManager',
  'orgAdmin',
  'orgOwner',
  'globalAdmin',
] as const;
/** One of {@link actorNames}. */
export type ActorName = (typeof actorNames)[number];

/**
 * A small tenant world: org A with an owner, an admin, a staff member and a
 * coach of program P; a parent managing child profile C enrolled in P
 * (asked to join on plan F, approved by the owner); another family's child
 * D, also enrolled in P (family isolation); event E, fee plan F, an open
 * invite I (of a phone without an account), a logo L in A and an open invite to manage C; the conversation
 * of P with C (a message with an attachment from C's parent, and
 * a reply from A's owner); unanswered invites of C's parent to A and of A's
 * staff member to manage C; org B owned by someone else; and a global admin.
 * Each user has their own (`self`) profile.
 */
export interface World {
  users: Record<Exclude<ActorName, 'signedOut'>, TestUser>;
  /** Each actor's one session (their sign-up's). */
  sessionIds: Record<Exclude<ActorName, 'signedOut'>, string>;
  selfProfiles: Record<Exclude<ActorName, 'signedOut'>, string>;
  orgId: string;
  otherOrgId: string;
  programId: string;
  eventId: string;
  /** A `match` event of program P, child C on its roster (the match page, DESIGN.md §9). */
  matchEventId: string;
  /** A match format of org A. */
  matchFormatId: string;
  /** The kickoff recorded at the match by A's owner, who holds the scorer lease. */
  matchIncidentId: string;
  childProfileId: string;
  subscriptionId: string;
  planId: string;
  inviteId: string;
  /** An open invite of a phone to manage child profile C. */
  profileInviteId: string;
  /** An open invite of C's parent (`profileManager`) to join org A as staff, not answered yet. */
  parentOrgInviteId: string;
  /** An open invite of A's staff member (`orgStaff`) to manage child C, not answered yet. */
  staffProfileInviteId: string;
  /** The parent of child D (not one of the matrix's actors). */
  otherParent: TestUser;
  otherChildProfileId: string;
  otherSubscriptionId: string;
  /** Child C's family's open "I've paid" on its plan's charge (docs/decisions/020). */
  paymentClaimId: string;
  /** The logo of org A (a file only org A's members and global admins may read). */
  logoFileId: string;
  /** The conversation of program P with child C (docs/decisions/007). */
  conversationId: string;
  /** A message of C's parent (`profileManager`) in it, with the attachment below. */
  familyMessageId: string;
  /** A reply of A's owner (`orgOwner`) in it. */
  staffMessageId: string;
  /** The attachment of the family message (both sides of the conversation may read it). */
  attachmentFileId: string;
}

let worldCounter = 0;

/** Builds a {@link World} through the real API (plus one SQL update for the global admin flag). */
export async function createWorld(t: TestApp): Promise<World> {
  worldCounter += 1;
  const names = actorNames.filter((a): a is Exclude<ActorName, 'signedOut'> => a !== 'signedOut');
  const users = Object.fromEntries(
    await Promise.all(
      names.map(async (n) => [n, await signUp(t, `${n} ${worldCounter}`)] as const),
    ),
  ) as World['users'];
  await makeGlobalAdmin(t, users.globalAdmin);
  const sessionRows = await t.database.pool.query<{ id: string; user_id: string }>(
    'select id, user_id from sessions where user_id = any($1)',
    [names.map((n) => users[n].id)],
  );
  const sessionIds = Object.fromEntries(
    names.map((n) => [n, sessionRows.rows.find((r) => r.user_id === users[n].id)?.id ?? '']),
  ) as World['sessionIds'];

  const otherOrgId = await createOrg(t, users.otherOrgOwner, 'Other Club');
  const orgId = await createOrg(t, users.orgOwner, 'Home Club');
  const invite = (phoneNumber: string, role: string) =>
    t.request({
      method: 'POST',
      url: `/api/orgs/${orgId}/invites`,
      token: users.orgOwner.token,
      payload: { phoneNumber, role },
    });
  await invite(users.orgAdmin.phoneNumber, 'admin');
  await invite(users.orgStaff.phoneNumber, 'staff');
  await invite(users.programCoach.phoneNumber, 'staff');
  // Each accepts in the app (docs/decisions/009).
  for (const member of [users.orgAdmin, users.orgStaff, users.programCoach]) {
    await acceptInvites(t, member);
  }
  const pending = await invite(`+9199${String(10_000_000 + worldCounter).slice(-8)}`, 'staff');

  const programId = await createProgram(t, users.orgOwner, orgId);
  await t.request({
    method: 'PUT',
    url: `/api/programs/${programId}/staff/${users.programCoach.id}`,
    token: users.orgOwner.token,
    payload: { role: 'coach' },
  });
  const event = await t.request({
    method: 'POST',
    url: `/api/programs/${programId}/events`,
    token: users.orgOwner.token,
    payload: { title: 'Training', startLocal: '2030-01-07T18:00', endLocal: '2030-01-07T19:30' },
  });
  const matchEvent = await t.request({
    method: 'POST',
    url: `/api/programs/${programId}/events`,
    token: users.orgOwner.token,
    payload: {
      title: 'League match',
      kind: 'match',
      startLocal: '2030-01-12T09:00',
      endLocal: '2030-01-12T10:30',
    },
  });
  const matchEventId = matchEvent.json().event.id as string;
  const formats = await t.req(users.orgOwner, 'GET', `/api/orgs/${orgId}/match-formats`);
  const kickoff = await t.req(
    users.orgOwner,
    'POST',
    `/api/programs/${programId}/events/${matchEventId}/match/incidents`,
    {
      incidents: [
        {
          clientId: '0190f3c2-5c4a-7000-8000-00000000c0de',
          type: 'period_start',
          period: 1,
          clockMs: 0,
          occurredAt: '2030-01-12T03:30:00Z',
        },
      ],
    },
  );
  const plan = await t.request({
    method: 'POST',
    url: `/api/programs/${programId}/fee-plans`,
    token: users.orgOwner.token,
    payload: {
      name: 'Monthly',
      priceMinor: 150000,
      currency: 'INR',
      billing: 'period',
      period: 'month',
    },
  });

  const planId = plan.json().feePlan.id as string;
  const enrolChild = async (parent: TestUser, displayName: string) => {
    const child = await t.request({
      method: 'POST',
      url: '/api/profiles',
      token: parent.token,
      payload: { displayName },
    });
    const profileId = child.json().profile.id as string;
    const joined = await t.request({
      method: 'POST',
      url: `/api/programs/${programId}/subscriptions`,
      token: parent.token,
      payload: { profileId, planId },
    });
    const subscriptionId = joined.json().subscription.id as string;
    const approved = await t.request({
      method: 'POST',
      url: `/api/programs/${programId}/subscriptions/${subscriptionId}/transitions`,
      token: users.orgOwner.token,
      payload: { action: 'approve' },
    });
    if (approved.statusCode !== 200) throw new Error(`approve failed: ${approved.body}`);
    return { profileId, subscriptionId };
  };
  const { profileId: childProfileId, subscriptionId } = await enrolChild(
    users.profileManager,
    'Child',
  );
  const claim = await t.req(
    users.profileManager,
    'POST',
    `/api/programs/${programId}/subscriptions/${subscriptionId}/payment-claims`,
    { method: 'upi', reference: 'UPI-1' },
  );
  if (claim.statusCode !== 201) throw new Error(`claim failed: ${claim.body}`);
  const otherParent = await signUp(t, `otherParent ${worldCounter}`);
  const other = await enrolChild(otherParent, 'Other child');
  const profileInvite = await t.request({
    method: 'POST',
    url: `/api/profiles/${childProfileId}/managers`,
    token: users.profileManager.token,
    payload: { phoneNumber: `+9197${String(30_000_000 + worldCounter).slice(-8)}` },
  });

  // Invites of people who have accounts, which they have not answered (docs/decisions/009).
  const parentOrgInvite = await invite(users.profileManager.phoneNumber, 'staff');
  const staffProfileInvite = await t.req(
    users.profileManager,
    'POST',
    `/api/profiles/${childProfileId}/managers`,
    { phoneNumber: users.orgStaff.phoneNumber },
  );

  const conversation = await startConversation(t, users, programId, childProfileId);

  const selfProfiles = Object.fromEntries(
    await Promise.all(names.map(async (n) => [n, await selfProfileId(t, users[n])] as const)),
  ) as World['selfProfiles'];

  return {
    users,
    sessionIds,
    selfProfiles,
    orgId,
    otherOrgId,
    programId,
    eventId: event.json().event.id,
    matchEventId,
    matchFormatId: formats.json().formats[0].id,
    matchIncidentId: kickoff.json().results[0].id,
    childProfileId,
    subscriptionId,
    planId,
    inviteId: pending.json().invite.id,
    profileInviteId: profileInvite.json().invite.id,
    parentOrgInviteId: parentOrgInvite.json().invite.id,
    staffProfileInviteId: staffProfileInvite.json().invite.id,
    otherParent,
    otherChildProfileId: other.profileId,
    otherSubscriptionId: other.subscriptionId,
    paymentClaimId: claim.json().claim.id,
    logoFileId: await setTinyLogo(t, users.orgOwner, orgId),
    ...conversation,
  };
}

/**
 * Starts the conversation of `programId` with `profileId` through the API:
 * the parent uploads a photo and sends it with a message, the owner replies.
 */
async function startConversation(
  t: TestApp,
  users: World['users'],
  programId: string,
  profileId: string,
): Promise<
  Pick<World, 'conversationId' | 'familyMessageId' | 'staffMessageId' | 'attachmentFileId'>
> {
  const familyThread = `/api/profiles/${profileId}/conversations/${programId}`;
  const { payload, headers } = multipartBody({ fileName: 'photo.png', bytes: TINY_PNG });
  const upload = await t.request({
    method: 'POST',
    url: `${familyThread}/attachments`,
    token: users.profileManager.token,
    headers,
    payload,
  });
  if (upload.statusCode !== 201) throw new Error(`attachment failed: ${upload.body}`);
  const attachmentFileId = upload.json().attachment.fileId as string;
  const fromFamily = await t.req(users.profileManager, 'POST', `${familyThread}/messages`, {
    clientMessageId: `world-${worldCounter}-family`,
    body: 'Hello coach',
    attachmentIds: [attachmentFileId],
  });
  if (fromFamily.statusCode !== 201) throw new Error(`message failed: ${fromFamily.body}`);
  const fromStaff = await t.req(
    users.orgOwner,
    'POST',
    `/api/programs/${programId}/conversations/${profileId}/messages`,
    { clientMessageId: `world-${worldCounter}-staff`, body: 'Hello! See you on Monday.' },
  );
  if (fromStaff.statusCode !== 201) throw new Error(`reply failed: ${fromStaff.body}`);
  return {
    conversationId: fromFamily.json().message.conversationId,
    familyMessageId: fromFamily.json().message.id,
    staffMessageId: fromStaff.json().message.id,
    attachmentFileId,
  };
}
