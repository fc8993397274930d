import { useSyncExternalStore } from 'react';

let isRequested = false;
const listeners = new Set<() => void>();

const loadNotifications = () => import('@mantine/notifications');

/**
 * Shows a toast (it auto-closes after NOTIFICATION_AUTO_CLOSE_MS, set where the
 * container is mounted). The notifications code loads on the first toast, not
 * with the first screen. A failure to show it is logged to the console only and
 * never breaks the action that triggered it (SPEC.md §8).
 */
export function notify(message: string, options: { title?: string; color?: string } = {}): void {
  if (!isRequested) {
    isRequested = true;
    for (const listener of listeners) listener();
  }
  loadNotifications()
    .then(({ notifications }) => notifications.show({ message, ...options }))
    .catch((error: unknown) => console.error('Could not show a notification', error));
}

/** True once a toast was asked for, so the app mounts the toast container (and loads its code) only then. */
export function useIsNotificationRequested(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => isRequested,
  );
}
