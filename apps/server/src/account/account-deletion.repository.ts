import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import {
  activities,
  attendance,
  calendarFeeds,
  conversations,
  files,
  messages,
  notifications,
  orgInvites,
  orgMembers,
  orgs,
  profileInvites,
  profileManagers,
  profiles,
  programStaff,
  programs,
  subscriptions,
  users,
} from '../db/schema/index.ts';

// The reads and writes of deleting an account (docs/decisions/025). Every
// lock is taken in one order — the user, then profiles by id, then orgs by
// id — so two deletions (two guardians of one child) cannot deadlock. The
// locks are FOR NO KEY UPDATE: they queue behind (and hold off) another
// deletion, `lockProfile` and `lockOrg`, but not the key-share locks of rows
// inserted meanwhile that point at them (a coach's transition writing a
// timeline entry of the child under its program's lock), which would
// otherwise deadlock against this transaction's later program locks.

/** The user `userId`, locked (no key update) until the transaction ends: two deletions of one account run one after the other. */
export async function lockUser(tx: Tx, userId: string) {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('no key update');
  return row;
}

/** The user `userId` without a lock, or undefined. */
export async function findUser(db: Db | Tx, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

/** A profile `userId` manages, with how. */
export type ManagedRow = {
  profileId: string;
  displayName: string;
  relationship: 'self' | 'guardian';
};

/**
 * The profiles `userId` manages, their own first, then by name. With `tx`
 * and `lock`, the profile rows are locked in id order first (a second
 * guardian's deletion or invite acceptance waits for ours).
 */
export async function managedProfiles(
  db: Db | Tx,
  userId: string,
  lock = false,
): Promise<ManagedRow[]> {
  if (lock) {
    await db
      .select({ id: profiles.id })
      .from(profiles)
      .where(
        inArray(
          profiles.id,
          db
            .select({ id: profileManagers.profileId })
            .from(profileManagers)
            .where(eq(profileManagers.userId, userId)),
        ),
      )
      .orderBy(asc(profiles.id))
      .for('no key update');
  }
  return db
    .select({
      profileId: profiles.id,
      displayName: profiles.displayName,
      relationship: profileManagers.relationship,
    })
    .from(profileManagers)
    .innerJoin(profiles, eq(profiles.id, profileManagers.profileId))
    .where(eq(profileManagers.userId, userId))
    .orderBy(
      sql`${profileManagers.relationship} = 'self' desc`,
      sql`lower(${profiles.displayName})`,
      asc(profiles.id),
    );
}

/** The other managers of `profileIds` (not `userId`), with their names (null: not set yet). */
export async function otherManagers(db: Db | Tx, profileIds: readonly string[], userId: string) {
  if (profileIds.length === 0) return [];
  return db
    .select({ profileId: profileManagers.profileId, displayName: users.displayName })
    .from(profileManagers)
    .innerJoin(users, eq(users.id, profileManagers.userId))
    .where(and(inArray(profileManagers.profileId, profileIds), ne(profileManagers.userId, userId)))
    .orderBy(asc(profileManagers.createdAt));
}

/** The orgs where `userId` is a member, by name; with `lock` the org rows are locked in id order first. */
export async function memberships(db: Db | Tx, userId: string, lock = false) {
  if (lock) {
    await db
      .select({ id: orgs.id })
      .from(orgs)
      .where(
        inArray(
          orgs.id,
          db.select({ id: orgMembers.orgId }).from(orgMembers).where(eq(orgMembers.userId, userId)),
        ),
      )
      .orderBy(asc(orgs.id))
      .for('no key update');
  }
  return db
    .select({
      orgId: orgs.id,
      name: orgs.name,
      role: orgMembers.role,
      owners: db.$count(
        orgMembers,
        and(eq(orgMembers.orgId, orgs.id), eq(orgMembers.role, 'owner')),
      ),
    })
    .from(orgMembers)
    .innerJoin(orgs, eq(orgs.id, orgMembers.orgId))
    .where(eq(orgMembers.userId, userId))
    .orderBy(sql`lower(${orgs.name})`, asc(orgs.id));
}

/** Live (pending, active, paused) enrolments of `profileIds`, with their programs and orgs. */
export async function liveEnrolments(db: Db | Tx, profileIds: readonly string[]) {
  if (profileIds.length === 0) return [];
  return db
    .select({
      orgId: orgs.id,
      orgName: orgs.name,
      programId: programs.id,
      programName: programs.name,
      status: subscriptions.status,
      profileId: subscriptions.profileId,
    })
    .from(subscriptions)
    .innerJoin(programs, eq(programs.id, subscriptions.programId))
    .innerJoin(orgs, eq(orgs.id, subscriptions.orgId))
    .where(
      and(
        inArray(subscriptions.profileId, profileIds),
        inArray(subscriptions.status, ['pending', 'active', 'paused']),
      ),
    )
    .orderBy(sql`lower(${orgs.name})`, sql`lower(${programs.name})`, asc(subscriptions.id));
}

/** Ids of the programs `userId` staffs (program feeds they could read). */
export async function staffedProgramIds(tx: Tx, userId: string): Promise<string[]> {
  const rows = await tx
    .select({ programId: programStaff.programId })
    .from(programStaff)
    .where(eq(programStaff.userId, userId));
  return rows.map((r) => r.programId);
}

/**
 * Whether an organisation holds records of `profileId`: any subscription
 * (ended ones carry dues and history), attendance or RSVP row, or
 * conversation. Such a profile is erased, not deleted (docs/decisions/025).
 */
export async function hasOrgRecords(tx: Tx, profileId: string): Promise<boolean> {
  const result = await tx.execute<{ found: boolean }>(sql`
    select exists (select 1 from ${subscriptions} where profile_id = ${profileId})
      or exists (select 1 from ${attendance} where profile_id = ${profileId})
      or exists (select 1 from ${conversations} where profile_id = ${profileId}) as found`);
  return Boolean(result.rows[0]?.found);
}

/**
 * Erases profile `profileId` (docs/decisions/025): its name becomes
 * `formerName`, its birth date and photo go, and it is marked erased; its
 * invites (phones its managers chose) are deleted. Its timeline, enrolments,
 * attendance and conversations stay. Returns the storage keys of its photo
 * files, to remove the bytes after commit.
 */
export async function eraseProfile(
  tx: Tx,
  profileId: string,
  formerName: string,
  now: Date,
): Promise<string[]> {
  await tx
    .update(profiles)
    .set({
      displayName: formerName,
      dateOfBirth: null,
      photoFileId: null,
      erasedAt: now,
      updatedAt: now,
    })
    .where(eq(profiles.id, profileId));
  const photos = await tx
    .delete(files)
    .where(and(eq(files.profileId, profileId), eq(files.purpose, 'profile-photo')))
    .returning({ storageKey: files.storageKey });
  await tx.delete(profileInvites).where(eq(profileInvites.profileId, profileId));
  return photos.map((p) => p.storageKey);
}

/**
 * Replaces `names` where timeline entries quote them as `managerName`
 * (guardian added or removed) by `formerName`: in the entries of
 * `profileIds`, or in every entry when `profileIds` is null (for the phone
 * number, which names nobody else).
 */
export async function scrubTimelineNames(
  tx: Tx,
  profileIds: readonly string[] | null,
  names: readonly string[],
  formerName: string,
): Promise<void> {
  if (profileIds?.length === 0 || names.length === 0) return;
  const quoted = inArray(sql`${activities.data} ->> 'managerName'`, names);
  await tx
    .update(activities)
    .set({
      data: sql`jsonb_set(${activities.data}, '{managerName}', to_jsonb(${formerName}::text))`,
    })
    .where(profileIds ? and(inArray(activities.profileId, profileIds), quoted) : quoted);
}

/**
 * Deletes other people's in-app notifications that name the deleted user or
 * an erased profile (docs/decisions/025): message notices quoting `names` as
 * sender in conversations where `userId` wrote, and every notice leading to
 * an erased profile's pages or subscriptions. Run before the user row goes
 * (messages still name their sender).
 */
export async function deleteNoticesAbout(
  tx: Tx,
  userId: string,
  names: readonly string[],
  erasedProfileIds: readonly string[],
): Promise<void> {
  await tx.execute(sql`
    delete from ${notifications} n
    where n.user_id <> ${userId} and (
      (n.kind = 'message'
        and n.data ->> 'senderName' = any(${sql.param([...names])}::text[])
        and n.data ->> 'conversationId' in (
          select m.conversation_id::text from ${messages} m where m.sender_user_id = ${userId}))
      or exists (
        select 1 from unnest(${sql.param([...erasedProfileIds])}::uuid[]) as p(id)
        where n.path like '%/' || p.id::text || '%')
      or n.path in (
        select '/programs/' || s.program_id::text || '/subscriptions/' || s.id::text
        from ${subscriptions} s
        where s.profile_id = any(${sql.param([...erasedProfileIds])}::uuid[])))`);
}

/**
 * Removes what only the account of `userId` / `phoneNumber` held besides its
 * own rows (those cascade with the user): the calendar feeds it made, every
 * invite addressed to its phone (org and profile, any state). The phone's
 * codes are auth's (`forgetPhoneCodes`).
 */
export async function removePhoneTraces(tx: Tx, userId: string, phoneNumber: string) {
  await tx.delete(calendarFeeds).where(eq(calendarFeeds.createdBy, userId));
  await tx.delete(orgInvites).where(eq(orgInvites.phoneNumber, phoneNumber));
  await tx.delete(profileInvites).where(eq(profileInvites.phoneNumber, phoneNumber));
}

/**
 * Deletes the user row; its sessions, sign-in tokens, authenticator app and
 * recovery codes, memberships, manager links, program staff places,
 * notifications, preferences and registered devices (`clients`) go with it
 * (ON DELETE CASCADE), and every record it authored keeps a null author
 * (ON DELETE SET NULL): shown as a former member.
 */
export async function deleteUser(tx: Tx, userId: string): Promise<void> {
  await tx.delete(users).where(eq(users.id, userId));
}
