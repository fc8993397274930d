import type {
  Dues,
  DuesEntry,
  SubscriptionHistoryAction,
  SubscriptionHistoryEntry,
  SubscriptionSummary,
} from '@rally/shared/subscriptions';
import { duesTotals } from './dues.ts';
import type { listDuesEntries } from './dues.repository.ts';
import type { listHistory, SummaryRow } from './subscriptions.repository.ts';

type HistoryRow = Awaited<ReturnType<typeof listHistory>>[number];
type DuesRow = Awaited<ReturnType<typeof listDuesEntries>>[number];

/** The API shape of a subscription (`subscriptionSummarySchema`). */
export function presentSubscription(s: SummaryRow): SubscriptionSummary {
  const included = s.sessionsIncluded;
  return {
    id: s.id,
    programId: s.programId,
    programName: s.programName,
    orgId: s.orgId,
    orgName: s.orgName,
    profileId: s.profileId,
    profileName: s.profileName,
    status: s.status,
    planId: s.planId,
    planName: s.planName,
    priceMinor: s.priceMinor,
    currency: s.currency,
    sessions:
      included === null
        ? null
        : {
            included,
            used: s.sessionsUsed,
            left: Math.max(0, included - s.sessionsUsed),
            overdrawn: Math.max(0, s.sessionsUsed - included),
          },
    waitlistPosition: s.waitlistPosition,
    balanceMinor: s.balanceMinor,
    startsOn: s.startsOn,
    endsOn: s.endsOn,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

/** The API shape of a history entry (`subscriptionHistoryEntrySchema`). */
export function presentHistory(r: HistoryRow): SubscriptionHistoryEntry {
  return {
    id: r.h.id,
    action: r.h.action as SubscriptionHistoryAction,
    fromStatus: r.h.fromStatus,
    toStatus: r.h.toStatus,
    actor: r.h.actorUserId ? { userId: r.h.actorUserId, displayName: r.actorName } : null,
    at: r.h.at.toISOString(),
    data: r.h.data,
  };
}

/** The API shape of a ledger line (`duesEntrySchema`). */
export function presentDuesEntry(r: DuesRow): DuesEntry {
  return {
    id: r.e.id,
    kind: r.e.kind,
    amountMinor: r.e.amountMinor,
    currency: r.e.currency,
    description: r.e.description,
    method: r.e.method,
    reference: r.e.reference,
    occurredOn: r.e.occurredOn,
    recordedBy: r.e.recordedBy ? { userId: r.e.recordedBy, displayName: r.recorderName } : null,
    createdAt: r.e.createdAt.toISOString(),
  };
}

/** The dues of a subscription from its ledger (`duesSchema`), totals in integer minor units. */
export function presentDues(rows: readonly DuesRow[], currency: string | null): Dues {
  const entries = rows.map(presentDuesEntry);
  return { currency: entries[0]?.currency ?? currency, ...duesTotals(entries), entries };
}
