import type { OrgMember } from '@rally/shared/orgs';
import type { TFunction } from 'i18next';

/**
 * How a member is named in the UI: their display name, else their phone
 * number (shown to owners and admins), else "A member without a name".
 */
export function memberName(t: TFunction, member: Pick<OrgMember, 'displayName' | 'phoneNumber'>) {
  return member.displayName ?? member.phoneNumber ?? t('members.unnamed');
}
