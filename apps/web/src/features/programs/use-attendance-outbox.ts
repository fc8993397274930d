import type { AttendanceStatus } from '@rally/shared/events';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth';
import { notify } from '../../lib/notify';
import {
  getOutbox,
  useOutboxState,
  type AutoFlushOptions,
  type OutboxSend,
  type OutboxState,
} from '../../lib/outbox';
import { attendanceKeys, refreshAfterMarks, saveAttendance } from './attendance-api';
import { attendanceNamespace, markKey, type QueuedMark } from './attendance-marks';

/**
 * At most this many marks per `PUT`: `MAX_MARKS_PER_REQUEST` of
 * `@rally/shared/attendance`, repeated so the page does not load the zod
 * schemas for one number (attendance.test.tsx checks that they agree).
 */
export const MARKS_PER_REQUEST = 500;

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

  const send = useCallback<OutboxSend<QueuedMark>>(
    async (batch) => {
      const first = batch[0];
      if (!first) return;
      const { programId, eventId } = first.payload;
      const answer = await saveAttendance(programId, eventId, {
        marks: batch.map((entry) => entry.payload.mark),
      });
      const { results, ...attendance } = answer;
      // A GET that started before this PUT must not land after it with older marks.
      const key = attendanceKeys.event(programId, eventId);
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      queryClient.setQueryData(key, attendance);
      void refreshAfterMarks(queryClient, programId, eventId);
      const stale = results?.filter((result) => result.outcome === 'stale').length ?? 0;
      if (stale > 0) notify(t('attendance.staleNotice', { count: stale }));
    },
    [queryClient, t],
  );

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
