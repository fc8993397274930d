import type {
  createPaymentClaimSchema,
  decidePaymentClaimSchema,
  DuesOverview,
} from '@rally/shared/payment-claims';
import type { PaymentClaim } from '@rally/shared/subscriptions';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { AppError, notFound } from '../lib/errors.ts';
import { newId } from '../lib/ids.ts';
import type { PolicyActor } from '../policy/policy.ts';
import type { ProgramsService } from '../programs/programs.service.ts';
import { writeLedgerLine } from './dues.service.ts';
import { listDuesEntries } from './dues.repository.ts';
import * as claims from './payment-claims.repository.ts';
import { authorizeSubscription } from './subscription-access.ts';
import { presentDues } from './subscriptions.presenter.ts';
import * as repo from './subscriptions.repository.ts';

/*
 * Rules of "I've paid" (docs/decisions/020) -> where they are enforced:
 * - the profile's family claims; the amount is what is owed then (nothing
 *   owed: 409) -> PaymentClaimsService.claim
 * - one open claim per subscription -> payment_claims_one_open_idx
 *   (payment-claims.repository.ts insertClaim)
 * - the program's staff confirm (a payment ledger line, written in the same
 *   transaction) or reject, once (409 when decided) -> decide, lockClaim
 * - who owes what: staff only -> overview
 */

/** The API shape of a claim row. */
export function presentClaim(row: claims.ClaimRow): PaymentClaim {
  const { c } = row;
  return {
    id: c.id,
    subscriptionId: c.subscriptionId,
    amountMinor: c.amountMinor,
    currency: c.currency,
    method: c.method,
    reference: c.reference,
    status: c.status,
    claimedBy: c.claimedBy ? { userId: c.claimedBy, displayName: row.claimerName } : null,
    claimedAt: c.claimedAt.toISOString(),
    decidedAt: c.decidedAt?.toISOString() ?? null,
  };
}

/** A family's "I've paid" and the staff's confirmation, and who owes what (docs/decisions/020). */
export class PaymentClaimsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly programs: ProgramsService,
  ) {}

  /**
   * Files "I've paid" for what subscription `subscriptionId` owes now (the
   * profile's managers). Throws 404 (not visible), 403 (staff only, or an
   * archived program), 409 when nothing is owed or a claim is already open.
   */
  async claim(
    actor: PolicyActor,
    programId: string,
    subscriptionId: string,
    input: z.output<typeof createPaymentClaimSchema>,
  ): Promise<PaymentClaim> {
    const { roles } = await authorizeSubscription(this.db, actor, programId, subscriptionId);
    if (!roles.has('family')) {
      throw new AppError(
        'forbidden',
        'Only the family can say they have paid; staff record payments instead.',
      );
    }
    const now = this.clock.now();
    const created = await this.db.transaction(async (tx) => {
      const s = await repo.lockSubscription(tx, programId, subscriptionId);
      if (!s) throw notFound('This subscription');
      const dues = presentDues(await listDuesEntries(tx, s.id), s.currency);
      if (dues.balanceMinor <= 0 || !dues.currency) {
        throw new AppError('conflict', 'Nothing is owed on this enrolment.');
      }
      const row = await claims.insertClaim(tx, {
        id: newId(),
        orgId: s.orgId,
        subscriptionId: s.id,
        amountMinor: dues.balanceMinor,
        currency: dues.currency,
        method: input.method,
        reference: input.reference,
        claimedBy: actor.userId,
        claimedAt: now,
      });
      if (!row) {
        throw new AppError(
          'conflict',
          'You already told the staff you paid. They will confirm it soon.',
        );
      }
      return row;
    });
    return presentClaim({ c: created, claimerName: null });
  }

  /**
   * Confirms (records the claimed amount as a payment, same transaction)
   * or rejects an open claim (the program's staff). Throws 404 (not
   * visible, or no such claim), 403 (families), 409 (already decided).
   */
  async decide(
    actor: PolicyActor,
    programId: string,
    subscriptionId: string,
    claimId: string,
    input: z.output<typeof decidePaymentClaimSchema>,
  ): Promise<PaymentClaim> {
    const { roles, program } = await authorizeSubscription(
      this.db,
      actor,
      programId,
      subscriptionId,
    );
    if (!roles.has('staff')) {
      throw new AppError('forbidden', 'Only the program’s staff can confirm payments.');
    }
    const now = this.clock.now();
    const decided = await this.db.transaction(async (tx) => {
      const claim = await claims.lockClaim(tx, subscriptionId, claimId);
      if (!claim) throw notFound('This payment claim');
      if (claim.status !== 'open') {
        throw new AppError('conflict', `This payment claim was already ${claim.status}.`);
      }
      const entry =
        input.decision === 'confirm'
          ? await writeLedgerLine(tx, {
              actorUserId: actor.userId,
              programId,
              subscriptionId,
              program,
              line: {
                kind: 'payment',
                input: {
                  amountMinor: claim.amountMinor,
                  method: claim.method,
                  reference: claim.reference,
                  currency: claim.currency,
                },
              },
              now,
            })
          : null;
      return claims.decideClaim(tx, claim.id, {
        status: input.decision === 'confirm' ? 'confirmed' : 'rejected',
        decidedBy: actor.userId,
        decidedAt: now,
        duesEntryId: entry?.id ?? null,
      });
    });
    if (!decided) throw notFound('This payment claim');
    return presentClaim({ c: decided, claimerName: null });
  }

  /**
   * Who owes what in a program (its staff; 403 families, 404 others): each
   * subscription with a balance or an open claim, and the totals owed per
   * currency (positive balances only, integer minor units).
   */
  async overview(actor: PolicyActor, programId: string): Promise<DuesOverview> {
    await this.programs.authorize(actor, programId, 'program:view-roster');
    const rows = await claims.duesOverview(this.db, programId);
    const open = await Promise.all(
      rows.map((r) => (r.hasOpenClaim ? claims.findOpenClaim(this.db, r.subscriptionId) : null)),
    );
    const totals = new Map<string, number>();
    for (const r of rows) {
      if (r.balanceMinor <= 0 || !r.currency) continue;
      totals.set(r.currency, (totals.get(r.currency) ?? 0) + r.balanceMinor);
    }
    return {
      rows: rows.map((r, i) => {
        const claim = open[i];
        return {
          subscriptionId: r.subscriptionId,
          profileId: r.profileId,
          profileName: r.profileName,
          status: r.status,
          currency: r.currency,
          balanceMinor: r.balanceMinor,
          openClaim: claim ? presentClaim(claim) : null,
        };
      }),
      totals: [...totals].map(([currency, owedMinor]) => ({ currency, owedMinor })),
    };
  }
}
