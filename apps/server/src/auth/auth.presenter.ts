import type { User } from '@rally/shared/auth';
import type { UserRow } from './auth.repository.ts';

/** The API shape of a user (`userSchema` in packages/shared/src/auth.ts). */
export function presentUser(user: UserRow): User {
  return {
    id: user.id,
    phoneNumber: user.phoneNumber,
    displayName: user.displayName,
    isGlobalAdmin: user.isGlobalAdmin,
    createdAt: user.createdAt.toISOString(),
  };
}
