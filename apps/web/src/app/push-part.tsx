import type { User } from '@rally/shared/auth';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { syncPushRegistration } from '../features/notifications/push';
import { currentPlatform } from '../lib/platform';
import { notificationPath, onNotificationOpen } from './service-worker';

/** Props of {@link PushPart}. */
export interface PushPartProps {
  /** The signed-in user, null signed out. */
  user: User | null;
}

/**
 * Push notifications in the running app (docs/decisions/029), mounted by
 * the root view after the first screen: registers this device for the
 * signed-in session whenever the user changes (where permission is
 * already granted; `syncPushRegistration`), and opens a tapped
 * notification's page through the router, from the service worker's
 * `rally:open` message (public/push-sw.js, heard from start-up:
 * `onNotificationOpen`) or the app's `notificationActionPerformed`.
 * Renders nothing.
 */
export function PushPart({ user }: PushPartProps) {
  const navigate = useNavigate();
  const latestNavigate = useRef(navigate);
  latestNavigate.current = navigate;
  const userId = user?.id ?? null;

  useEffect(() => {
    if (userId !== null) void syncPushRegistration(currentPlatform());
  }, [userId]);

  useEffect(() => {
    const open = (value: unknown) => {
      const path = notificationPath(value);
      if (path) void latestNavigate.current(path);
    };
    const platform = currentPlatform();
    if (platform.isNative) {
      const messaging = platform.messaging;
      if (!messaging) return;
      let stopped = false;
      let handle: { remove(): Promise<void> | void } | null = null;
      void Promise.resolve(
        messaging.addListener('notificationActionPerformed', (event) => {
          const data = event.notification?.data as { path?: unknown } | undefined;
          open(data?.path);
        }),
      )
        .then((h) => {
          if (stopped) void h.remove();
          else handle = h;
        })
        .catch((error: unknown) => console.error('Tapped notifications cannot open Rally', error));
      return () => {
        stopped = true;
        void handle?.remove();
      };
    }
    return onNotificationOpen(open);
  }, []);

  return null;
}
