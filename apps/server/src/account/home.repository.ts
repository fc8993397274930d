import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { staffedProgramIds } from '../events/home.queries.ts';

// The home page's own reads (docs/decisions/019): facts about the user's
// staffed programs and the subscriptions of the profiles they manage, one
// statement each, every one starting from an index on the user
// (program_staff, org_members, profile_managers).

/** A program the user staffs, with its org's name and its join requests waiting for approval. */
export type StaffedProgramRow = {
  programId: string;
  programName: string;
  orgName: string;
  joinRequests: number;
};

/**
 * The active programs `userId` staffs ({@link staffedProgramIds}), by org
 * then program name, each with its count of join requests: `pending`
 * subscriptions not on the waitlist (docs/decisions/005).
 */
export async function staffedPrograms(db: Db, userId: string): Promise<StaffedProgramRow[]> {
  const result = await db.execute<StaffedProgramRow>(sql`
    select pr.id as "programId", pr.name as "programName", o.name as "orgName",
      (
        select count(*)::int from subscriptions s
        where s.program_id = pr.id and s.status = 'pending' and s.waitlist_rank is null
      ) as "joinRequests"
    from programs pr join orgs o on o.id = pr.org_id
    where pr.id in (${staffedProgramIds(userId)})
    order by lower(o.name), lower(pr.name), pr.id`);
  return result.rows;
}

/** What a managed profile owes in one subscription (see {@link owedDues}). */
export type OwedDuesRow = {
  subscriptionId: string;
  programId: string;
  programName: string;
  profileId: string;
  profileName: string;
  balanceMinor: number;
  currency: string;
};

/**
 * Subscriptions of the profiles `userId` manages whose dues balance
 * (charges − payments, integer minor units, docs/decisions/005) is above 0,
 * by program then profile name.
 */
export async function owedDues(db: Db, userId: string): Promise<OwedDuesRow[]> {
  const result = await db.execute<OwedDuesRow>(sql`
    select s.id as "subscriptionId", pr.id as "programId", pr.name as "programName",
      p.id as "profileId", p.display_name as "profileName",
      d.balance::bigint as "balanceMinor", d.currency
    from profile_managers pm
    join subscriptions s on s.profile_id = pm.profile_id
    join lateral (
      select sum(case when de.kind = 'charge' then de.amount_minor else -de.amount_minor end)
          as balance,
        min(de.currency) as currency
      from dues_entries de where de.subscription_id = s.id
    ) d on true
    join programs pr on pr.id = s.program_id
    join profiles p on p.id = s.profile_id
    where pm.user_id = ${userId} and d.balance > 0
    order by lower(pr.name), lower(p.display_name), s.id`);
  return result.rows.map((row) => ({ ...row, balanceMinor: Number(row.balanceMinor) }));
}

/** A managed profile waiting for a place in a program (see {@link waitlistPlaces}). */
export type WaitlistPlaceRow = {
  subscriptionId: string;
  programId: string;
  programName: string;
  profileId: string;
  profileName: string;
  position: number;
};

/**
 * The waitlisted subscriptions (`pending` with a rank) of the profiles
 * `userId` manages, each with its position: 1 + how many of the program's
 * waitlisted subscriptions rank before it (ranks may have gaps).
 */
export async function waitlistPlaces(db: Db, userId: string): Promise<WaitlistPlaceRow[]> {
  const result = await db.execute<WaitlistPlaceRow>(sql`
    select s.id as "subscriptionId", pr.id as "programId", pr.name as "programName",
      p.id as "profileId", p.display_name as "profileName",
      (
        select count(*)::int from subscriptions w
        where w.program_id = s.program_id and w.waitlist_rank is not null
          and w.waitlist_rank <= s.waitlist_rank
      ) as position
    from profile_managers pm
    join subscriptions s on s.profile_id = pm.profile_id
    join programs pr on pr.id = s.program_id
    join profiles p on p.id = s.profile_id
    where pm.user_id = ${userId} and s.status = 'pending' and s.waitlist_rank is not null
    order by lower(pr.name), position, s.id`);
  return result.rows;
}

/**
 * Whether `userId` is new to Rally: no org membership, no program staff row
 * and no live (`pending`, `active`, `paused`) subscription of a profile
 * they manage (docs/decisions/019).
 */
export async function isNewcomer(db: Db, userId: string): Promise<boolean> {
  const result = await db.execute<{ isNewcomer: boolean }>(sql`
    select not (
      exists (select 1 from org_members om where om.user_id = ${userId})
      or exists (select 1 from program_staff ps where ps.user_id = ${userId})
      or exists (
        select 1 from profile_managers pm
        join subscriptions s on s.profile_id = pm.profile_id
        where pm.user_id = ${userId} and s.status in ('pending', 'active', 'paused')
      )
    ) as "isNewcomer"`);
  return result.rows[0]?.isNewcomer === true;
}
