import type { Org, OrgInvite } from '@rally/shared/orgs';
import type { OrgInviteRow } from './org-invites.repository.ts';
import type { OrgWithRole } from './orgs.queries.ts';

/** The API shape of an org (`orgSchema`). */
export function presentOrg(org: OrgWithRole): Org {
  return {
    id: org.id,
    name: org.name,
    slug: org.slug,
    timeZone: org.timeZone,
    country: org.country,
    role: org.role,
    logoUrl: org.logoFileId ? `/api/files/${org.logoFileId}` : null,
    payeeVpa: org.payeeVpa,
    payeeName: org.payeeName,
    matchShareNames: org.matchShareNames,
    matchMinutesVisibility: org.matchMinutesVisibility,
    createdAt: org.createdAt.toISOString(),
  };
}

/**
 * The API shape of an invite for the org's owners and admins
 * (`orgInviteSchema`): the phone as entered, never who owns it
 * (docs/decisions/009).
 */
export function presentOrgInvite(invite: OrgInviteRow): OrgInvite {
  return {
    id: invite.id,
    phoneNumber: invite.phoneNumber,
    role: invite.role,
    status: invite.declinedAt ? 'declined' : 'pending',
    createdAt: invite.createdAt.toISOString(),
  };
}
