import type { OrgRole } from '@rally/shared/orgs';
import type { JoinPolicy, ProgramRole } from '@rally/shared/programs';
import type { ProfileRelationship } from '@rally/shared/profiles';

/** Who is asking: the signed-in user and whether they are a global admin. */
export interface PolicyActor {
  userId: string;
  isGlobalAdmin: boolean;
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

/** A profile as the policy sees it: how the actor manages it (null = not a manager). */
export interface ProfileResource {
  type: 'profile';
  relationship: ProfileRelationship | null;
}

/** Anything the policy decides on. */
export type PolicyResource = OrgResource | ProgramResource | ProfileResource;

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
  | 'program:self-enrol'
  | 'profile:view'
  | 'profile:manage';

const isOrgAdmin = (role: OrgRole | null) => role === 'owner' || role === 'admin';

/**
 * The one authorization rule book (DESIGN.md §2), used by every service:
 * - global admin: everything;
 * - org owner: everything in the org, including admins and deleting it;
 * - org admin: everything in the org but owners/admins and deletion; org staff: see the org and its programs;
 * - archived programs are read-only (only restoring is allowed);
 * - program manager/coach: the program's events, roster and subscriptions;
 * - family (manager of an enrolled profile): see the program;
 * - profile manager (self or guardian): the profile;
 * - any signed-in user: enrol their own profile in an active `open` program.
 * Returns true when `actor` may do `action` on `resource`. Callers answer a
 * failed `*:view` with 404 (never reveal existence) and other failures with 403.
 */
export function can(actor: PolicyActor, action: Action, resource: PolicyResource): boolean {
  if (actor.isGlobalAdmin) return true;
  switch (resource.type) {
    case 'org':
      return canOnOrg(action, resource);
    case 'program':
      return canOnProgram(action, resource);
    case 'profile':
      return (
        (action === 'profile:view' || action === 'profile:manage') && resource.relationship !== null
      );
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
      return isStaff && isWritable;
    case 'program:view-roster':
      return isStaff;
    case 'program:self-enrol':
      return isWritable && (program.joinPolicy === 'open' || isStaff);
    default:
      return false;
  }
}
