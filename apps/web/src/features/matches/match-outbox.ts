import type { IncidentInput, MatchIncident } from '@rally/shared/matches';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { useAuth } from '../../lib/auth';
import {
  getOutbox,
  useOutboxState,
  type AutoFlushOptions,
  type OutboxSend,
  type OutboxState,
} from '../../lib/outbox';
import { sendIncidents, storeMatchView } from './api';

/**
 * Most incidents per `POST .../match/incidents`: `MAX_INCIDENTS_PER_REQUEST`
 * of `@rally/shared/matches`, repeated so the page's send path does not
 * need the zod schemas for one number (lineup-draft.test.ts checks that
 * they agree).
 */
export const INCIDENTS_PER_REQUEST = 50;

/**
 * How long one incidents request may take (ms): a hung request on a
 * touchline's patchy coverage counts as no answer and the incidents stay
 * queued (as attendance marks do, docs/decisions/006).
 */
export const INCIDENT_SEND_TIMEOUT_MS = 20_000;

/** An incident waiting to be sent, with the match it belongs to. */
export interface QueuedIncident {
  programId: string;
  eventId: string;
  incident: IncidentInput & { clientId: string; occurredAt: string };
}

/** The outbox namespace of a user's match incidents. */
export function matchIncidentsNamespace(userId: string): string {
  return `match-incidents:${userId}`;
}

/** One match's incidents go in one request, in the order they were recorded. */
const FLUSH_OPTIONS: AutoFlushOptions<QueuedIncident> = {
  batchOf: (entry) => entry.payload.eventId,
  maxBatch: INCIDENTS_PER_REQUEST,
};

function incidentSender(queryClient: QueryClient): OutboxSend<QueuedIncident> {
  return async (batch) => {
    const first = batch[0];
    if (!first) return;
    const { programId, eventId } = first.payload;
    const answer = await sendIncidents(
      programId,
      eventId,
      batch.map((entry) => entry.payload.incident),
      AbortSignal.timeout(INCIDENT_SEND_TIMEOUT_MS),
    );
    await storeMatchView(queryClient, answer.match);
  };
}

/** What {@link useMatchOutbox} gives the match page. */
export interface MatchOutbox {
  state: OutboxState<QueuedIncident>;
  /** This match's incidents still waiting, oldest first. */
  waiting: QueuedIncident['incident'][];
  /** Queues incidents (already stamped with client id, clock and instant) and tries to send at once. */
  record: (incidents: readonly QueuedIncident['incident'][]) => void;
  /** Drops a waiting incident (undo before it was sent). */
  discard: (clientId: string) => void;
  syncNow: () => void;
  dismissRejected: () => void;
}

/**
 * The scorer's incident outbox (DESIGN.md §9: "each with an idempotent client
 * id so an offline queue replays safely"): incidents go to `localStorage`
 * first, so a reload or a dead connection loses none, and the page shows
 * them at once; they are sent in the order recorded, one match per request
 * of at most {@link INCIDENTS_PER_REQUEST}, on load, when the browser comes
 * back online and every 15 s while some wait. The server stores each
 * `clientId` once, so a send whose answer was lost is simply sent again.
 * A refusal (another scorer holds the lease: 409; a bad reference: 400)
 * drops the batch into `rejected` for the page to show.
 */
export function useMatchOutbox(programId: string, eventId: string): MatchOutbox {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const outbox = useMemo(
    () => getOutbox<QueuedIncident>(matchIncidentsNamespace(user?.id ?? 'signed-out')),
    [user?.id],
  );
  const state = useOutboxState(outbox);
  const send = useMemo(() => incidentSender(queryClient), [queryClient]);

  useEffect(() => {
    if (!user) return undefined;
    return outbox.start(send, FLUSH_OPTIONS);
  }, [outbox, send, user]);

  const record = useCallback(
    (incidents: readonly QueuedIncident['incident'][]) => {
      for (const incident of incidents) {
        outbox.put(incident.clientId, { programId, eventId, incident });
      }
      void outbox.flush(send, FLUSH_OPTIONS);
    },
    [outbox, send, programId, eventId],
  );
  const discard = useCallback((clientId: string) => outbox.remove(clientId), [outbox]);
  const syncNow = useCallback(() => void outbox.flush(send, FLUSH_OPTIONS), [outbox, send]);
  const dismissRejected = useCallback(() => outbox.dismissRejected(), [outbox]);
  const waiting = useMemo(
    () =>
      state.entries
        .filter((entry) => entry.payload.eventId === eventId)
        .map((entry) => entry.payload.incident),
    [state.entries, eventId],
  );
  return { state, waiting, record, discard, syncNow, dismissRejected };
}

/**
 * The timeline the page works from: the server's incidents, then the
 * waiting ones it does not hold yet (by `clientId`), numbered after the
 * server's so the arithmetic orders them last among equal clocks.
 */
export function mergeIncidents(
  stored: readonly MatchIncident[],
  waiting: readonly QueuedIncident['incident'][],
): (MatchIncident & { isWaiting: boolean })[] {
  const known = new Set(stored.map((i) => i.clientId));
  const lastSeq = stored.reduce((max, i) => Math.max(max, i.seq), 0);
  const pending = waiting
    .filter((i) => !known.has(i.clientId))
    .map((i, index) => ({
      id: i.clientId,
      clientId: i.clientId,
      type: i.type,
      period: i.period,
      clockMs: i.clockMs,
      occurredAt: i.occurredAt,
      profileId: i.profileId ?? null,
      relatedProfileId: i.relatedProfileId ?? null,
      position: i.position ?? null,
      note: i.note ?? '',
      seq: lastSeq + index + 1,
      voidedAt: null,
      isWaiting: true,
    }));
  return [...stored.map((i) => ({ ...i, isWaiting: false })), ...pending];
}
