import { useEffect, useState, type ComponentType } from 'react';
import { attendanceNamespace, type QueuedMark } from '../../features/attendance/attendance-marks';
import { getOutbox, useOutboxState } from '../../lib/outbox';
import { loadUiStrings } from '../locales/ui-string-parts';

/**
 * The sender and the attendance strings (its "stale mark" notice), loaded
 * only while marks wait, not with every layout. Both are already loaded when
 * the marks were made on an attendance page, so this works offline.
 */
async function loadSender(): Promise<ComponentType> {
  const [module] = await Promise.all([
    import('../../features/attendance/use-attendance-outbox'),
    loadUiStrings(['attendance']),
  ]);
  return module.AttendanceOutboxSync;
}

/** Props of {@link WaitingMarksSync}. */
export interface WaitingMarksSyncProps {
  userId: string;
}

/**
 * Mounted in every signed-in layout (docs/decisions/006 "Offline"): while
 * the coach `userId` has attendance marks waiting in the outbox (marked
 * offline, then the coach left the attendance page), keeps sending them
 * (`AttendanceOutboxSync`); renders nothing otherwise. A sender that cannot
 * be loaded (no connection) never breaks the page: loading is tried again
 * when the browser is back online. With the attendance page open both run,
 * and the outbox never flushes twice at once.
 */
export function WaitingMarksSync({ userId }: WaitingMarksSyncProps) {
  const { entries } = useOutboxState(getOutbox<QueuedMark>(attendanceNamespace(userId)));
  const hasWaiting = entries.length > 0;
  const [Sender, setSender] = useState<ComponentType | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!hasWaiting || Sender) return undefined;
    let isCurrent = true;
    const retry = () => setAttempt((n) => n + 1);
    loadSender().then(
      (loaded) => {
        if (isCurrent) setSender(() => loaded);
      },
      () => {
        if (isCurrent) window.addEventListener('online', retry, { once: true });
      },
    );
    return () => {
      isCurrent = false;
      window.removeEventListener('online', retry);
    };
  }, [hasWaiting, Sender, attempt]);

  return hasWaiting && Sender ? <Sender /> : null;
}
