import type { Org } from '@rally/shared/orgs';
import type { OrgWithRole } from './orgs.repository.ts';

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
    createdAt: org.createdAt.toISOString(),
  };
}
