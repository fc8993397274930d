import type { EventAttendance } from '@rally/shared/attendance';
import type { AttendanceStatus } from '@rally/shared/events';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth';
import { notify } from '../../lib/notify';
import {
  getOutbox,
  isRetryableError,
  useOutboxState,
  type AutoFlushOptions,
  type OutboxEntry,
  type OutboxRejection,
  type OutboxSend,
  type OutboxState,
} from '../../lib/outbox';
import { attendanceKeys, refreshAfterMarks, refusedMarks, saveAttendance } from './api';
import { attendanceNamespace, markKey, type QueuedMark } from './attendance-marks';

/**
 * At most this many marks per `PUT`: `MAX_MARKS_PER_REQUEST` of
 * `@rally/shared/attendance`, repeated so the page does not load the zod
 * schemas for one number (attendance.test.tsx checks that they agree).
 */
export const MARKS_PER_REQUEST = 500;

/**
 * How long one attendance `PUT` may take, in ms (20 s): `fetch` has no
 * timeout, and when coverage drops mid-request it can hang for minutes while
 * every retry joins the stuck flush. Given up, it counts as no answer
 * (`network_error`): the marks stay queued for the next flush
 * (docs/decisions/006, 2026-11-23).
 */
export const ATTENDANCE_SEND_TIMEOUT_MS = 20_000;

/** One event's marks go in one `PUT`. */
const FLUSH_OPTIONS: AutoFlushOptions<QueuedMark> = {
  batchOf: (entry) => `${entry.payload.programId}/${entry.payload.eventId}`,
  maxBatch: MARKS_PER_REQUEST,
};

/** A mark as the page makes it: `status` null clears it; `note` undefined leaves the note as it is. */
export interface MarkInput {
  profileId: string;
  status: AttendanceStatus | null;
  note?: string | null;
}

/** What {@link useAttendanceOutbox} gives the attendance pages. */
export interface AttendanceOutbox {
  state: OutboxState<QueuedMark>;
  /** Queues marks of one event (stamped with the device's clock) and tries to send them at once. */
  mark: (programId: string, eventId: string, marks: readonly MarkInput[]) => void;
  /** Sends what waits now ("Sync now"). */
  syncNow: () => void;
  dismissRejected: () => void;
}

/**
 * The signed-in coach's attendance outbox (docs/decisions/006): marks go to
 * `localStorage` first and the UI shows them at once; while a page using this
 * hook is open, the queue is flushed on load, when the browser comes back
 * online and every 15 s while marks wait — one `PUT` per event. A saved
 * batch's answer (the server's roster) replaces the cached attendance, so
 * `stale` marks (a newer one was stored first) show the server's state.
 */
export function useAttendanceOutbox(): AttendanceOutbox {
  const { t } = useTranslation();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const outbox = useMemo(
    () => getOutbox<QueuedMark>(attendanceNamespace(user?.id ?? 'signed-out')),
    [user?.id],
  );
  const state = useOutboxState(outbox);

  const send = useMemo(() => attendanceSender(queryClient, t), [queryClient, t]);

  useEffect(() => {
    if (!user) return undefined;
    return outbox.start(send, FLUSH_OPTIONS);
  }, [outbox, send, user]);

  const mark = useCallback(
    (programId: string, eventId: string, marks: readonly MarkInput[]) => {
      const markedAt = new Date().toISOString();
      const waiting = outbox.getState().entries;
      for (const input of marks) {
        const key = markKey(eventId, input.profileId);
        // A new status replaces a waiting mark whole: keep that mark's unsent note.
        const waitingNote = waiting.find((entry) => entry.key === key)?.payload.mark.note;
        const note = input.note === undefined ? waitingNote : input.note;
        outbox.put(key, {
          programId,
          eventId,
          mark: { profileId: input.profileId, status: input.status, note, markedAt },
        });
      }
      void outbox.flush(send, FLUSH_OPTIONS);
    },
    [outbox, send],
  );

  const syncNow = useCallback(() => void outbox.flush(send, FLUSH_OPTIONS), [outbox, send]);
  const dismissRejected = useCallback(() => outbox.dismissRejected(), [outbox]);
  return { state, mark, syncNow, dismissRejected };
}

/**
 * The outbox's send of attendance marks: one event's batch in one `PUT`
 * that gives up after {@link ATTENDANCE_SEND_TIMEOUT_MS} (then it throws
 * `network_error` and the batch is kept). The answer (the server's roster)
 * replaces the cached attendance, with a notice for `stale` marks. When the
 * server refuses the batch because of named marks (400 `marks.N...`,
 * {@link refusedMarks}), the others are sent again in one more `PUT` and only
 * the named ones are reported refused (docs/decisions/006, 2026-11-23). If
 * that `PUT` fails in a way worth retrying ({@link isRetryableError}) it
 * throws, so the whole batch waits and the next flush meets the refusal
 * again; refused outright, its marks are reported refused with that error.
 */
function attendanceSender(queryClient: QueryClient, t: TFunction): OutboxSend<QueuedMark> {
  return async (batch) => {
    const first = batch[0];
    if (!first) return undefined;
    const { programId, eventId } = first.payload;
    const put = async (entries: readonly OutboxEntry<QueuedMark>[]) => {
      const answer = await saveAttendance(
        programId,
        eventId,
        { marks: entries.map((entry) => entry.payload.mark) },
        AbortSignal.timeout(ATTENDANCE_SEND_TIMEOUT_MS),
      );
      await showSaved(queryClient, t, programId, eventId, answer);
    };

    let refused: Map<number, unknown> | null;
    try {
      await put(batch);
      return undefined;
    } catch (error) {
      refused = refusedMarks(error, batch.length);
      if (!refused) throw error;
    }
    const rejected: OutboxRejection<QueuedMark>[] = [];
    const rest: OutboxEntry<QueuedMark>[] = [];
    batch.forEach((entry, index) => {
      const error = refused.get(index);
      if (error === undefined) rest.push(entry);
      else rejected.push({ entry, error });
    });
    if (rest.length === 0) return { rejected };
    try {
      await put(rest);
    } catch (error) {
      if (isRetryableError(error)) throw error;
      rejected.push(...rest.map((entry) => ({ entry, error })));
    }
    return { rejected };
  };
}

/**
 * Puts a saved batch's answer (the server's roster after it) into the cache
 * of the event's attendance, refreshes the pages that count marks and tells
 * the coach about `stale` marks (a newer one was stored first).
 */
async function showSaved(
  queryClient: QueryClient,
  t: TFunction,
  programId: string,
  eventId: string,
  answer: EventAttendance,
): Promise<void> {
  const { results, ...attendance } = answer;
  // A GET that started before this PUT must not land after it with older marks.
  const key = attendanceKeys.event(programId, eventId);
  await queryClient.cancelQueries({ queryKey: key, exact: true });
  queryClient.setQueryData(key, attendance);
  void refreshAfterMarks(queryClient, programId, eventId);
  const stale = results?.filter((result) => result.outcome === 'stale').length ?? 0;
  if (stale > 0) notify(t('attendance.staleNotice', { count: stale }));
}

/**
 * Sends the signed-in coach's waiting attendance marks from wherever they
 * are in the app (docs/decisions/006): {@link useAttendanceOutbox} flushes on
 * mount, when the browser comes back online and every 15 s while marks wait.
 * The layouts load it (`WaitingMarksSync`) only while marks wait; it lives in
 * this module, which every attendance page imports, so a coach who marked
 * offline already has it and it loads without a connection. Renders nothing.
 */
export function AttendanceOutboxSync(): null {
  useAttendanceOutbox();
  return null;
}
