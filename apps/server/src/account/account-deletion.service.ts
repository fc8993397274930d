import {
  FORMER_MEMBER_NAME,
  type AccountDeleted,
  type AccountDeletionPreview,
  type DeleteAccount,
  type DeletionDecision,
  type DeletionOrg,
  type DeletionProfile,
} from '@rally/shared/account-deletion';
import type { PhoneStartResponse } from '@rally/shared/auth';
import { lastGlobalAdminRefusalIn } from '../admin/admin.service.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { checkPhoneCode, consumePhoneCode, forgetPhoneCodes } from '../auth/auth.service.ts';
import { toE164 } from '../auth/phone.ts';
import type { TotpService } from '../auth/totp.service.ts';
import type { Db, Tx } from '../db/client.ts';
import type { FeedsService } from '../feeds/feeds.service.ts';
import type { FilesService } from '../files/files.service.ts';
import type { Actor } from '../http/auth-hook.ts';
import { AppError, fieldError } from '../lib/errors.ts';
import type { Clock } from '../lib/clock.ts';
import { inviteGuardianIn } from '../profiles/profile-invites.service.ts';
import { deleteProfileIn } from '../profiles/profiles.service.ts';
import type { TransitionsService } from '../subscriptions/transitions.service.ts';
import * as repo from './account-deletion.repository.ts';

/*
 * Rules of deleting an account (DESIGN.md §3, docs/decisions/025) -> where
 * they are enforced:
 * - a fresh code texted to the account's own phone for this purpose, and the
 *   authenticator code when one is set up -> sendCode, deleteAccount
 *   (auth.service.ts checkPhoneCode, totp.service.ts checkCodeIn)
 * - a sole owner transfers or deletes the org first (409) -> planIn
 * - a profile nobody else manages: the own one is erased; a child needs a
 *   decision, delete (erase) or hand over (a guardian invite) -> planIn,
 *   execute
 * - the plan is checked again under the locks of the user, the profiles and
 *   the orgs, so a second guardian deleting at the same moment cannot leave
 *   a child without a decision -> deleteAccount
 * - at once, in one transaction: sessions, sign-in tokens, TOTP, devices,
 *   notifications, memberships and manager links (cascade), feeds, invites
 *   to the phone, the phone's codes, the user row -> execute
 * - organisations keep attendance, dues, history and messages with a null
 *   author ("Former member"); an erased profile keeps its rows under
 *   FORMER_MEMBER_NAME -> execute, repo.eraseProfile
 * - the same phone signs up again as a new user: nothing links to the old
 *   id -> the user row is deleted, not marked
 */

/** What deleting the account would do, computed in one snapshot or under locks. */
interface Plan {
  user: { id: string; phoneNumber: string; displayName: string | null };
  orgs: DeletionOrg[];
  profiles: DeletionProfile[];
  staffedProgramIds: string[];
}

/**
 * Deleting an account (SPEC.md §2 `delete-account`, DESIGN.md §3; Apple App
 * Store 5.1.1(v), Google Play account deletion, GDPR art. 17, DPDP Act 2023
 * §12): the preview, the re-verification code and the deletion itself.
 */
export class AccountDeletionService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly auth: AuthService,
    private readonly totp: TotpService,
    private readonly transitions: TransitionsService,
    private readonly feeds: Pick<FeedsService, 'retireProgramFeeds' | 'retireProfileFeed'>,
    private readonly files: Pick<FilesService, 'removeStored'>,
  ) {}

  /** What deleting the actor's account would do (`GET /api/account/deletion`). */
  async preview(actor: Actor): Promise<AccountDeletionPreview> {
    const plan = await this.db.transaction((tx) => this.planIn(tx, actor.userId, false), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    });
    const totp = await this.totp.status(actor);
    return {
      phoneNumber: plan.user.phoneNumber,
      totpEnabled: totp.enabled,
      orgs: plan.orgs,
      profiles: plan.profiles,
      canDelete: !plan.orgs.some((o) => o.isSoleOwner),
    };
  }

  /**
   * Texts a fresh code to the actor's own phone that confirms the deletion
   * (and can do nothing else). Limits and errors of
   * `AuthService.startPhoneSignIn`: 429 `too_many_requests`, 503 `sms_unavailable`.
   */
  sendCode(actor: Actor, ip: string): Promise<PhoneStartResponse> {
    return this.auth.sendAccountDeletionCode(actor, ip);
  }

  /**
   * Deletes the actor's account at once (`POST /api/account/deletion`).
   * Throws, before anything changes: `validation_failed` (a handover phone
   * that is not valid or is the account's own; an authenticator code
   * missing, wrong or replayed, on `totpCode`), 409 `conflict` (sole owner
   * of an org; the last global admin; a profile that needs a decision has none), `invalid_code` /
   * `code_expired` / `code_burned` (the phone code), 429
   * `too_many_requests`. Wrong codes are recorded though the call fails.
   */
  async deleteAccount(actor: Actor, input: DeleteAccount): Promise<AccountDeleted> {
    const handovers = parseHandovers(input.decisions ?? [], actor.user.phoneNumber);
    const now = this.clock.now();
    const outcome = await this.db.transaction(async (tx) => {
      // Global admins' rows first, as every grant and revoke locks them (docs/decisions/003).
      const lastAdmin = await lastGlobalAdminRefusalIn(tx, actor.userId);
      if (lastAdmin) return { error: lastAdmin };
      const user = await repo.lockUser(tx, actor.userId);
      if (!user) return { error: new AppError('unauthenticated', 'Sign in again.') };
      const plan = await this.planIn(tx, actor.userId, true);
      const refusal = refuse(plan, input.decisions ?? []);
      if (refusal) return { error: refusal };

      const checked = await checkPhoneCode(
        tx,
        input.verificationId,
        input.code,
        now,
        'delete_account',
      );
      if ('error' in checked) return checked;
      if (checked.verification.phoneNumber !== user.phoneNumber) {
        return {
          error: new AppError('invalid_code', 'This code is not valid. Request a new code.'),
        };
      }
      const totpError = await this.totp.checkCodeIn(tx, actor.userId, input.totpCode);
      if (totpError) return { error: totpError };
      await consumePhoneCode(tx, checked.verification.id, now);

      return { done: await this.execute(tx, plan, input.decisions ?? [], handovers, now) };
    });
    if ('error' in outcome) throw outcome.error;
    const { afterCommit, storageKeys } = outcome.done;
    this.auth.sessions.forgetUsers([actor.userId]);
    // The account is gone once the transaction commits: a failure after it
    // (handing places to those waiting, removing photo bytes) is logged, and
    // the answer still says deleted, so the device signs out.
    for (const run of afterCommit) {
      await run().catch((err: unknown) =>
        console.error('After deleting an account, a follow-up failed:', err),
      );
    }
    await this.files.removeStored(storageKeys);
    return { deletedAt: now.toISOString() };
  }

  /** The plan of `userId`'s deletion, read in `tx`; with `lock`, under the locks of the profiles and orgs. */
  private async planIn(tx: Tx, userId: string, lock: boolean): Promise<Plan> {
    const user = await repo.findUser(tx, userId);
    if (!user) throw new AppError('unauthenticated', 'Sign in again.');
    const managed = await repo.managedProfiles(tx, userId, lock);
    const memberships = await repo.memberships(tx, userId, lock);
    const profileIds = managed.map((p) => p.profileId);
    // One connection: one query at a time.
    const others = await repo.otherManagers(tx, profileIds, userId);
    const enrolments = await repo.liveEnrolments(tx, profileIds);
    const staffedProgramIds = await repo.staffedProgramIds(tx, userId);
    const profiles: DeletionProfile[] = managed.map((p) => {
      const otherNames = others
        .filter((o) => o.profileId === p.profileId)
        .map((o) => o.displayName);
      return {
        profileId: p.profileId,
        displayName: p.displayName,
        relationship: p.relationship,
        otherManagers: otherNames,
        outcome: otherNames.length > 0 ? 'stays' : p.relationship === 'self' ? 'erased' : 'decide',
      };
    });
    const nameOf = new Map(managed.map((p) => [p.profileId, p.displayName]));
    const orgs = new Map<string, DeletionOrg>();
    for (const m of memberships) {
      orgs.set(m.orgId, {
        orgId: m.orgId,
        name: m.name,
        role: m.role,
        isSoleOwner: m.role === 'owner' && m.owners <= 1,
        enrolments: [],
      });
    }
    for (const e of enrolments) {
      const org = orgs.get(e.orgId) ?? {
        orgId: e.orgId,
        name: e.orgName,
        role: null,
        isSoleOwner: false,
        enrolments: [],
      };
      org.enrolments.push({
        programId: e.programId,
        programName: e.programName,
        status: e.status as 'pending' | 'active' | 'paused',
        profileId: e.profileId,
        profileName: nameOf.get(e.profileId) ?? FORMER_MEMBER_NAME,
      });
      orgs.set(e.orgId, org);
    }
    return {
      user: { id: user.id, phoneNumber: user.phoneNumber, displayName: user.displayName },
      orgs: [...orgs.values()].sort(
        (a, b) => a.name.localeCompare(b.name) || a.orgId.localeCompare(b.orgId),
      ),
      profiles,
      staffedProgramIds,
    };
  }

  /** Carries out `plan` in `tx` (the checks have passed). Answers what to run after the commit. */
  private async execute(
    tx: Tx,
    plan: Plan,
    decisions: readonly DeletionDecision[],
    handovers: ReadonlyMap<string, string>,
    now: Date,
  ): Promise<{ afterCommit: (() => Promise<void>)[]; storageKeys: string[] }> {
    const { user } = plan;
    const afterCommit: (() => Promise<void>)[] = [];
    const storageKeys: string[] = [];
    const decisionOf = new Map(decisions.map((d) => [d.profileId, d.action]));

    const erased: string[] = [];
    for (const profile of plan.profiles) {
      // Feed URLs this account could read stop working (docs/decisions/006).
      await this.feeds.retireProfileFeed(tx, profile.profileId);
      const handoverPhone = handovers.get(profile.profileId);
      if (profile.outcome === 'decide' && decisionOf.get(profile.profileId) === 'handover') {
        // Rides on an open invite to that phone when there is one (the open-invite index).
        await inviteGuardianIn(tx, {
          profileId: profile.profileId,
          phoneNumber: handoverPhone!,
          invitedBy: user.id,
          now,
        });
        continue;
      }
      if (profile.outcome === 'stays') continue;
      // `erased`, or `decide` with `delete`: nobody else manages it.
      if (await repo.hasOrgRecords(tx, profile.profileId)) {
        // Its name goes first, so what ending its enrolments records and notifies says "Former member".
        storageKeys.push(
          ...(await repo.eraseProfile(tx, profile.profileId, FORMER_MEMBER_NAME, now)),
        );
        erased.push(profile.profileId);
      } else {
        // No organisation holds records of it: nothing to keep.
        storageKeys.push(...(await deleteProfileIn(tx, profile.profileId)));
      }
    }
    const names = [user.displayName, user.phoneNumber].filter((n): n is string => Boolean(n));
    const planned = plan.profiles.map((p) => p.profileId);
    await repo.scrubTimelineNames(tx, planned, names, FORMER_MEMBER_NAME);
    await repo.scrubTimelineNames(tx, null, [user.phoneNumber], FORMER_MEMBER_NAME);
    await repo.deleteNoticesAbout(tx, user.id, names, erased);
    // One call for every profile: programs are locked in one global id order.
    afterCommit.push(await this.transitions.endAllOf(tx, erased, user.id, now));
    for (const org of plan.orgs) {
      if (org.role) await this.feeds.retireProgramFeeds(tx, { orgId: org.orgId });
    }
    for (const programId of plan.staffedProgramIds) {
      await this.feeds.retireProgramFeeds(tx, { programId });
    }
    await repo.removePhoneTraces(tx, user.id, user.phoneNumber);
    await forgetPhoneCodes(tx, user.phoneNumber, now);
    // Sockets of every session close (docs/decisions/007): the users table's
    // trigger sends access.changed at commit (migration 0018).
    await repo.deleteUser(tx, user.id);
    return { afterCommit, storageKeys };
  }
}

/**
 * The E.164 phone of each handover decision by profile id. Throws
 * `validation_failed` naming `decisions.N.phoneNumber` for a number that
 * cannot be parsed or is the account's own.
 */
function parseHandovers(
  decisions: readonly DeletionDecision[],
  ownPhone: string,
): Map<string, string> {
  const phones = new Map<string, string>();
  for (const [index, decision] of decisions.entries()) {
    if (decision.action !== 'handover') continue;
    const path = `decisions.${index}.phoneNumber`;
    let phone: string;
    try {
      phone = toE164(decision.phoneNumber);
    } catch {
      throw fieldError(
        path,
        'Enter a valid mobile number, such as +91 98765 43210',
        'Enter a valid mobile number, such as +91 98765 43210.',
      );
    }
    if (phone === ownPhone) {
      throw fieldError(
        path,
        'Enter another guardian’s number, not your own',
        'Enter another guardian’s number, not your own.',
      );
    }
    phones.set(decision.profileId, phone);
  }
  return phones;
}

/**
 * Why the deletion may not go ahead as planned, or null: sole owner of an
 * org, or a profile that needs a decision has none (it may have lost its
 * other manager since the page was loaded).
 */
function refuse(plan: Plan, decisions: readonly DeletionDecision[]): AppError | null {
  const soleOwned = plan.orgs.filter((o) => o.isSoleOwner);
  if (soleOwned.length > 0) {
    return new AppError(
      'conflict',
      `You are the only owner of ${soleOwned.map((o) => o.name).join(', ')}. Make someone else an owner or delete the organisation first.`,
    );
  }
  const decided = new Set(decisions.map((d) => d.profileId));
  const undecided = plan.profiles.filter(
    (p) => p.outcome === 'decide' && !decided.has(p.profileId),
  );
  if (undecided.length > 0) {
    return new AppError(
      'conflict',
      `Nobody else manages ${undecided.map((p) => p.displayName).join(', ')} now. Choose whether to delete or hand over ${undecided.length === 1 ? 'this profile' : 'these profiles'}.`,
    );
  }
  return null;
}
