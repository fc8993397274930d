import type {
  addChargeSchema,
  Dues,
  DuesEntryResponse,
  recordPaymentSchema,
  UpiPayment,
} from '@rally/shared/subscriptions';
import type { z } from 'zod';
import { insertActivity } from '../activities/activities.service.ts';
import type { Db, Tx } from '../db/client.ts';
import { AppError, fieldError, notFound } from '../lib/errors.ts';
import type { Clock } from '../lib/clock.ts';
import { newId } from '../lib/ids.ts';
import type { PolicyActor } from '../policy/policy.ts';
import { insertDuesEntry, listDuesEntries } from './dues.repository.ts';
import { upiPaymentIntent } from './upi.ts';
import { authorizeSubscription } from './subscription-access.ts';
import { todayIn } from './subscription-steps.ts';
import { presentDues, presentDuesEntry } from './subscriptions.presenter.ts';
import * as repo from './subscriptions.repository.ts';

/**
 * The UPI payment request for what is owed (docs/decisions/005), or null when the org
 * has no payee VPA, the dues are not in INR (UPI is INR only) or nothing is
 * owed. The payee name defaults to the org's name; the note names the
 * program and the profile.
 */
export function upiPaymentFor(
  payee: { name: string; payeeVpa: string | null; payeeName: string | null } | undefined,
  dues: Dues,
  programName: string,
  profileName: string,
): UpiPayment | null {
  if (!payee?.payeeVpa || dues.currency !== 'INR' || dues.balanceMinor <= 0) return null;
  const payeeName = payee.payeeName ?? payee.name;
  const note = `${programName} - ${profileName}`;
  return {
    intent: upiPaymentIntent({
      payeeVpa: payee.payeeVpa,
      payeeName,
      amountMinor: dues.balanceMinor,
      note,
    }),
    payeeVpa: payee.payeeVpa,
    payeeName,
    amountMinor: dues.balanceMinor,
    currency: 'INR',
    note,
  };
}

/** A ledger line to write: a payment or a charge, as their request bodies parse. */
export type Line =
  | { kind: 'payment'; input: z.output<typeof recordPaymentSchema> }
  | { kind: 'charge'; input: z.output<typeof addChargeSchema> };

/**
 * Writes one ledger line under the subscription's row lock, in the caller's
 * transaction, with its timeline entry (the body of `DuesService`'s
 * payments and charges, and of a confirmed "I've paid", docs/decisions/020).
 * The currency is the subscription's; a different one is refused (400), and
 * one must be given while it has none (400), which then becomes its
 * currency. Throws 404 when the subscription is gone. Returns the new row.
 */
export async function writeLedgerLine(
  tx: Tx,
  args: {
    actorUserId: string;
    programId: string;
    subscriptionId: string;
    program: { name: string; timeZone: string };
    line: Line;
    now: Date;
  },
) {
  const { actorUserId, programId, subscriptionId, program, line, now } = args;
  const { input } = line;
  const date = line.kind === 'payment' ? line.input.paidOn : line.input.chargedOn;
  const s = await repo.lockSubscription(tx, programId, subscriptionId);
  if (!s) throw notFound('This subscription');
  if (s.currency && input.currency && input.currency !== s.currency) {
    throw fieldError(
      'currency',
      `This subscription’s dues are in ${s.currency}`,
      `currency: This subscription’s dues are in ${s.currency}`,
    );
  }
  const currency = s.currency ?? input.currency;
  if (!currency)
    throw fieldError(
      'currency',
      'Give the currency: this subscription has no plan yet',
      'currency: Give the currency: this subscription has no plan yet',
    );
  if (!s.currency) await repo.updateSubscription(tx, s.id, { currency }, now);
  const created = await insertDuesEntry(tx, {
    id: newId(),
    orgId: s.orgId,
    subscriptionId: s.id,
    kind: line.kind,
    amountMinor: input.amountMinor,
    currency,
    description: line.kind === 'charge' ? line.input.description : '',
    method: line.kind === 'payment' ? line.input.method : null,
    reference: line.kind === 'payment' ? line.input.reference : '',
    occurredOn: date ?? todayIn(program.timeZone, now),
    source: 'staff',
    recordedBy: actorUserId,
    createdAt: now,
  });
  if (!created) throw new Error('ledger insert returned nothing');
  await insertActivity(tx, {
    profileId: s.profileId,
    kind: line.kind === 'payment' ? 'payment_recorded' : 'charge_added',
    actorUserId,
    at: now,
    orgId: s.orgId,
    programId: s.programId,
    subscriptionId: s.id,
    data: {
      programName: program.name,
      amountMinor: created.amountMinor,
      currency,
      ...(line.kind === 'payment'
        ? { method: line.input.method }
        : { description: line.input.description }),
    },
  });
  return created;
}

/**
 * The dues ledger (docs/decisions/005): staff record payments (cash, UPI, bank
 * transfer) and add charges; families and staff read the balance on the
 * subscription page. Amounts are integer minor units; a subscription's
 * ledger has one currency (its plan's, or the first line's).
 */
export class DuesService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Records a payment (the program's staff; 403 families, 404 others). Written to the timeline too. */
  async recordPayment(
    actor: PolicyActor,
    programId: string,
    subscriptionId: string,
    input: z.output<typeof recordPaymentSchema>,
  ): Promise<DuesEntryResponse> {
    return this.addLine(actor, programId, subscriptionId, { kind: 'payment', input });
  }

  /** Adds a charge, e.g. a renewal or kit fee (the program's staff). Written to the timeline too. */
  async addCharge(
    actor: PolicyActor,
    programId: string,
    subscriptionId: string,
    input: z.output<typeof addChargeSchema>,
  ): Promise<DuesEntryResponse> {
    return this.addLine(actor, programId, subscriptionId, { kind: 'charge', input });
  }

  /**
   * Writes one ledger line under the subscription's row lock. The currency
   * is the subscription's; a different one is refused (400), and one must be
   * given while the subscription has none (400), which then becomes its currency.
   */
  private async addLine(
    actor: PolicyActor,
    programId: string,
    subscriptionId: string,
    line: Line,
  ): Promise<DuesEntryResponse> {
    const { roles, program } = await authorizeSubscription(
      this.db,
      actor,
      programId,
      subscriptionId,
    );
    if (!roles.has('staff')) {
      throw new AppError('forbidden', 'Only the program’s staff can record payments and charges.');
    }
    const now = this.clock.now();
    const entry = await this.db.transaction((tx) =>
      writeLedgerLine(tx, {
        actorUserId: actor.userId,
        programId,
        subscriptionId,
        program,
        line,
        now,
      }),
    );
    const ledger = await listDuesEntries(this.db, subscriptionId);
    const row = ledger.find((r) => r.e.id === entry.id);
    if (!row) throw notFound('This ledger line');
    return { entry: presentDuesEntry(row), dues: presentDues(ledger, entry.currency) };
  }
}
