import type { OrgRole } from '@rally/shared/orgs';
import type { JoinPolicy, ProgramRole } from '@rally/shared/programs';
import type { ProfileRelationship } from '@rally/shared/profiles';

/** Who is asking: the signed-in user and whether they are a global admin. */
export interface PolicyActor {
  userId: string;
  isGlobalAdmin: boolean;
}

/**
 * Whether a session carries global-admin powers: the user's flag, and a
 * session that passed the authenticator step (DESIGN.md §3, docs/decisions/024).
 * The one place this rule lives: HTTP actors (`AuthService.authenticate`) and
 * realtime sockets reloading their actor both derive `isGlobalAdmin` here.
 */
export function hasGlobalAdminPowers(isGlobalAdmin: boolean, totpVerifiedAt: Date | null): boolean {
  return isGlobalAdmin && totpVerifiedAt !== null;
}

/** An organisation as the policy sees it: the actor's role in it (null = not a member). */
export interface OrgResource {
  type: 'org';
  orgRole: OrgRole | null;
}

/**
 * A program as the policy sees it: the actor's org role, program role, and
 * whether the actor manages a profile with a subscription in it (family).
 */
export interface ProgramResource {
  type: 'program';
  orgRole: OrgRole | null;
  programRole: ProgramRole | null;
  isFamily: boolean;
  joinPolicy: JoinPolicy;
  status: 'active' | 'archived';
}

/**
 * A profile as the policy sees it: how the actor manages it (null = not a
 * manager) and whether someone manages it as `self` (the person has their own login).
 */
export interface ProfileResource {
  type: 'profile';
  relationship: ProfileRelationship | null;
  hasSelfManager?: boolean;
}

/**
 * A subscription as the policy sees it: its program (as the actor sees it)
 * and how the actor manages its profile (null = not a manager of it).
 */
export interface SubscriptionResource {
  type: 'subscription';
  program: ProgramResource;
  relationship: ProfileRelationship | null;
}

/** Anything the policy decides on. */
export type PolicyResource = OrgResource | ProgramResource | ProfileResource | SubscriptionResource;

/** Actions, by resource type (DESIGN.md §2). */
export type Action =
  | 'org:view'
  | 'org:edit'
  | 'org:create-program'
  | 'org:manage-members'
  | 'org:manage-admins'
  | 'org:delete'
  | 'program:view'
  | 'program:edit'
  | 'program:archive'
  | 'program:manage-staff'
  | 'program:manage-events'
  | 'program:manage-subscriptions'
  | 'program:view-roster'
  | 'program:take-attendance'
  | 'program:view-public'
  | 'program:join'
  | 'profile:view'
  | 'profile:manage'
  | 'profile:rsvp'
  | 'profile:delete'
  | 'profile:give-own-login'
  | 'profile:remove-self-manager'
  | 'subscription:view'
  | 'subscription:act-as-family'
  | 'subscription:act-as-staff';

const isOrgAdmin = (role: OrgRole | null) => role === 'owner' || role === 'admin';

/** Program actions that need an active (not archived) program. */
const ACTIVE_PROGRAM_ONLY = new Set<Action>([
  'program:edit',
  'program:manage-staff',
  'program:manage-events',
  'program:manage-subscriptions',
  'program:take-attendance',
  'program:join',
]);

/**
 * The one authorization rule book (DESIGN.md §2), used by every service:
 * - global admin: everything;
 * - org owner: everything in the org, including admins and deleting it;
 * - org admin: everything in the org but owners/admins and deletion; org staff: see the org and its programs;
 * - archived programs are read-only (only restoring is allowed);
 * - program manager/coach: the program's events, roster, attendance and subscriptions;
 * - family (manager of a profile with an active or paused subscription): see the program;
 * - profile manager (self or guardian): the profile, its subscriptions,
 *   RSVPs and timeline; deleting it is for its `self` manager, or for a guardian while
 *   it has no own login; a `self` manager is removed only by themself;
 * - subscriptions: the program's staff act as staff (approve, pause, …); the
 *   profile's managers act as its family (withdraw, cancel) — both only while
 *   the program is active; either may view it;
 * - any signed-in user: join (or ask to join) an active `open`/`approval` program;
 * - anyone, signed out too (`actor` null): the public join page of an active
 *   `open`/`approval` program (docs/decisions/005); nothing else.
 * Returns true when `actor` may do `action` on `resource`. Callers answer a
 * failed `*:view` with 404 (never reveal existence) and other failures with 403.
 */
export function can(actor: PolicyActor | null, action: Action, resource: PolicyResource): boolean {
  if (!actor) {
    return action === 'program:view-public' && resource.type === 'program' && isJoinable(resource);
  }
  // An archived program is read-only for everyone, global admins included.
  if (
    resource.type === 'program' &&
    resource.status !== 'active' &&
    ACTIVE_PROGRAM_ONLY.has(action)
  ) {
    return false;
  }
  if (actor.isGlobalAdmin) return true;
  switch (resource.type) {
    case 'org':
      return canOnOrg(action, resource);
    case 'program':
      return canOnProgram(action, resource);
    case 'profile':
      return canOnProfile(action, resource);
    case 'subscription':
      return canOnSubscription(action, resource);
  }
}

/** An active program that families may join or ask to join. */
function isJoinable(program: ProgramResource): boolean {
  return program.status === 'active' && program.joinPolicy !== 'invite';
}

function canOnProfile(action: Action, profile: ProfileResource): boolean {
  const isManager = profile.relationship !== null;
  switch (action) {
    case 'profile:view':
    case 'profile:manage':
    case 'profile:rsvp':
      return isManager;
    case 'profile:delete':
      return (
        profile.relationship === 'self' ||
        (profile.relationship === 'guardian' && !profile.hasSelfManager)
      );
    case 'profile:give-own-login':
      return isManager && !profile.hasSelfManager;
    case 'profile:remove-self-manager':
      return profile.relationship === 'self';
    default:
      return false;
  }
}

function canOnSubscription(action: Action, sub: SubscriptionResource): boolean {
  switch (action) {
    case 'subscription:view':
      return sub.relationship !== null || canOnProgram('program:view-roster', sub.program);
    case 'subscription:act-as-family':
      return sub.relationship !== null && sub.program.status === 'active';
    case 'subscription:act-as-staff':
      return canOnProgram('program:manage-subscriptions', sub.program);
    default:
      return false;
  }
}

function canOnOrg(action: Action, org: OrgResource): boolean {
  switch (action) {
    case 'org:view':
      return org.orgRole !== null;
    case 'org:edit':
    case 'org:create-program':
    case 'org:manage-members':
      return isOrgAdmin(org.orgRole);
    case 'org:manage-admins':
    case 'org:delete':
      return org.orgRole === 'owner';
    default:
      return false;
  }
}

function canOnProgram(action: Action, program: ProgramResource): boolean {
  const isStaff = isOrgAdmin(program.orgRole) || program.programRole !== null;
  const isWritable = program.status === 'active';
  switch (action) {
    case 'program:view':
      return program.orgRole !== null || program.programRole !== null || program.isFamily;
    case 'program:edit':
    case 'program:manage-staff':
      return isWritable && (isOrgAdmin(program.orgRole) || program.programRole === 'manager');
    case 'program:archive':
      return isOrgAdmin(program.orgRole) || program.programRole === 'manager';
    case 'program:manage-events':
    case 'program:manage-subscriptions':
    case 'program:take-attendance':
      return isStaff && isWritable;
    case 'program:view-roster':
      return isStaff;
    case 'program:view-public':
      return isJoinable(program) || canOnProgram('program:view', program);
    case 'program:join':
      return isJoinable(program);
    default:
      return false;
  }
}
