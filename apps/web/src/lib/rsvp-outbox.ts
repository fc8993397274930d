import { eventsRoutes } from '@rally/shared/api/events';
import type { RsvpAnswer, RsvpResult } from '@rally/shared/events';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { isApiError } from './api-client';
import { request } from './api-request';
import { useAuth } from './auth';
import {
  getOutbox,
  useOutboxState,
  type Outbox,
  type OutboxSend,
  type OutboxState,
} from './outbox';

/**
 * One RSVP waiting to be sent (docs/decisions/019): a profile's answer to an
 * event, queued in the outbox like attendance marks (docs/decisions/006), so
 * an answer given with no connection is kept, shown at once and sent when
 * the connection returns. Newest answer per profile and event wins.
 */
export interface QueuedRsvp {
  profileId: string;
  eventId: string;
  answer: RsvpAnswer;
}

/** The RSVP outbox namespace of a user (`rsvps:{userId}`): never sent as someone else. */
export function rsvpNamespace(userId: string): string {
  return `rsvps:${userId}`;
}

/** The outbox key of one profile's answer to one event. */
export function rsvpKey(profileId: string, eventId: string): string {
  return `${eventId}:${profileId}`;
}

/** How long one answer's send may take, in ms (20 s, as attendance marks and messages). */
export const RSVP_SEND_TIMEOUT_MS = 20_000;

/**
 * Sends queued answers one by one (`PUT /api/profiles/:profileId/events/:eventId/rsvp`,
 * idempotent: the same answer twice changes nothing) and then refetches
 * every page that shows them (home, profile and program event pages), so
 * the answer shown never flips back while the new data loads. A 409
 * (answers closed, event cancelled) drops the answer into `rejected`.
 */
export function rsvpSender(queryClient: QueryClient): OutboxSend<QueuedRsvp> {
  return async (batch) => {
    for (const entry of batch) {
      const { profileId, eventId, answer } = entry.payload;
      await request(eventsRoutes.setRsvp, {
        params: { profileId, eventId },
        body: { answer },
        signal: AbortSignal.timeout(RSVP_SEND_TIMEOUT_MS),
      });
    }
    await Promise.all(
      [['home'], ['profiles'], ['programs']].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  };
}

/** What {@link useRsvpOutbox} gives a page. */
export interface RsvpOutbox {
  state: OutboxState<QueuedRsvp>;
  /** The answer waiting to be sent for this profile and event, if any. */
  waitingAnswer: (profileId: string, eventId: string) => RsvpAnswer | null;
  /** Why the last answer for this profile and event was refused, if it was. */
  refusal: (profileId: string, eventId: string) => unknown;
  /** Queues an answer and sends it now when the connection allows. */
  answer: (rsvp: QueuedRsvp) => void;
}

/**
 * The signed-in user's RSVP outbox for a page with answer buttons: keeps it
 * moving while the page is shown (on load, back online, every 15 s), shows
 * queued answers at once (optimistic) and says which wait.
 */
export function useRsvpOutbox(): RsvpOutbox {
  const userId = useAuth().user?.id ?? 'signed-out';
  const queryClient = useQueryClient();
  const outbox: Outbox<QueuedRsvp> = getOutbox<QueuedRsvp>(rsvpNamespace(userId));
  const state = useOutboxState(outbox);
  const send = useMemo(() => rsvpSender(queryClient), [queryClient]);
  useEffect(() => outbox.start(send), [outbox, send]);
  const answer = useCallback(
    (rsvp: QueuedRsvp) => {
      outbox.dismissRejected();
      outbox.put(rsvpKey(rsvp.profileId, rsvp.eventId), rsvp);
      void outbox.flush(send);
    },
    [outbox, send],
  );
  const waitingAnswer = useCallback(
    (profileId: string, eventId: string) =>
      state.entries.find((e) => e.key === rsvpKey(profileId, eventId))?.payload.answer ?? null,
    [state.entries],
  );
  const refusal = useCallback(
    (profileId: string, eventId: string) =>
      state.rejected.findLast((r) => r.entry.key === rsvpKey(profileId, eventId))?.error,
    [state.rejected],
  );
  return { state, waitingAnswer, refusal, answer };
}

/**
 * Sends one answer now (the event pages' RSVP buttons); with no connection
 * (the browser says offline, or no answer came at all: `network_error`) it
 * is queued in `userId`'s RSVP outbox instead and this resolves null: the
 * page says it will be sent (docs/decisions/019, as attendance marks do).
 * Any answer of the server (a 409: answers closed) is thrown as before.
 */
export async function sendRsvpOrQueue(
  userId: string,
  rsvp: QueuedRsvp,
): Promise<RsvpResult | null> {
  const outbox = getOutbox<QueuedRsvp>(rsvpNamespace(userId));
  const queue = () => {
    outbox.put(rsvpKey(rsvp.profileId, rsvp.eventId), rsvp);
    outbox.setOffline(true);
    return null;
  };
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return queue();
  try {
    const result = await request(eventsRoutes.setRsvp, {
      params: { profileId: rsvp.profileId, eventId: rsvp.eventId },
      body: { answer: rsvp.answer },
      signal: AbortSignal.timeout(RSVP_SEND_TIMEOUT_MS),
    });
    // A newer answer given offline is replaced by this one, which the server has.
    outbox.remove(rsvpKey(rsvp.profileId, rsvp.eventId));
    return result;
  } catch (error) {
    if (isApiError(error, 'network_error')) return queue();
    throw error;
  }
}
