import { eq } from 'drizzle-orm';
import type { Profile } from '@rally/shared/profiles';
import type { User } from '@rally/shared/auth';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import type { PolicyActor } from '../policy/policy.ts';
import { saveSelfProfile } from '../profiles/profiles.service.ts';
import { presentUser } from '../auth/auth.presenter.ts';
import type { AuthService } from '../auth/auth.service.ts';

/** The signed-in user's own account. */
export class AccountService {
  /**
   * `sessions`: this instance's session cache, told after a rename commits
   * so the next request reads the new name (docs/decisions/032).
   */
  constructor(
    private readonly db: Db,
    private readonly sessions: Pick<AuthService['sessions'], 'forgetUsers'>,
  ) {}

  /**
   * Sets the user's name and keeps their own (`self`) profile in step: the
   * first call (onboarding after the first sign-in) creates that profile,
   * later calls rename it. Safe against concurrent calls (row lock + unique index).
   */
  async updateName(
    actor: PolicyActor,
    displayName: string,
  ): Promise<{ user: User; selfProfile: Profile }> {
    const renamed = await this.db.transaction(async (tx) => {
      const [user] = await tx
        .update(users)
        .set({ displayName, updatedAt: new Date() })
        .where(eq(users.id, actor.userId))
        .returning();
      if (!user) throw new Error('signed-in user not found');
      const selfProfile = await saveSelfProfile(tx, actor.userId, displayName);
      return { user: presentUser(user), selfProfile };
    });
    this.sessions.forgetUsers([actor.userId]);
    return renamed;
  }
}
