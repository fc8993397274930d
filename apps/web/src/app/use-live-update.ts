import { DEFAULT_CLIENT_CONFIG } from '@rally/shared/client-config';
import type { ClientConfig } from '@rally/shared/config';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { clientConfigQueryOptions } from '../lib/client-config';
import { registerDevice, type RegisteringUser } from '../lib/device-registration';
import { checkLiveUpdate, recordLiveUpdate, startLiveUpdate } from '../lib/live-update';
import { currentPlatform, type Platform } from '../lib/platform';
import { useRealtime, useRealtimeUser } from '../lib/realtime';

let detected: Platform | undefined;

/** The platform the app runs on, detected once. */
function appPlatform(): Platform {
  detected ??= currentPlatform();
  return detected;
}

const startups = new WeakMap<Platform, Promise<string | null>>();

/** {@link startLiveUpdate} once per platform: at start-up, not again when the root view remounts. */
function startOnce(platform: Platform): Promise<string | null> {
  let startup = startups.get(platform);
  if (!startup) {
    startup = startLiveUpdate(platform);
    startups.set(platform, startup);
  }
  return startup;
}

/** Start-up of live update: not yet done, or done with the running package id. */
type Startup = { isDone: false } | { isDone: true; currentBundleId: string | null };

/**
 * The automatic update check of the root view (SPEC.md §2, §4): at start-up
 * on a native platform live update is reset and the current package id read,
 * then the check runs with the config record `client`, and again whenever
 * that record changes — it is followed live (`config:client`, whose
 * `config.updated` events replace the cached record, signed out too). The
 * record is fetched over HTTP only on a native platform, signed in or not
 * (`GET /api/config/client` is public; in a browser the check is skipped
 * anyway). Also keeps the app's realtime socket signed in as `user`, and
 * registers the device for `user` (SPEC.md §4, lib/device-registration.ts)
 * on a native platform once the running bundle is known, again when the
 * user or the bundle changes.
 * Errors were logged by the check (SPEC.md §8).
 */
export function useLiveUpdate(user: RegisteringUser | null, platformOverride?: Platform) {
  const [platform] = useState(() => platformOverride ?? appPlatform());
  const userId = user?.id ?? null;
  const phoneNumber = user?.phoneNumber ?? null;
  useRealtimeUser(userId);
  useRealtime('config:client');
  const [startup, setStartup] = useState<Startup>({ isDone: false });
  const config = useQuery({
    ...clientConfigQueryOptions(),
    enabled: platform.isNative,
  });

  useEffect(() => {
    let isCurrent = true;
    startOnce(platform)
      .then((currentBundleId) => {
        recordLiveUpdate({ currentBundleId });
        if (isCurrent) setStartup({ isDone: true, currentBundleId });
      })
      .catch(() => {
        // Logged with its stack by startLiveUpdate; checks still run with no current id.
        if (isCurrent) setStartup({ isDone: true, currentBundleId: null });
      });
    return () => {
      isCurrent = false;
    };
  }, [platform]);

  // In a browser the check is skipped whatever the record says: it runs at once (SPEC.md §2).
  const record: ClientConfig | undefined =
    config.data ?? (platform.isNative ? undefined : DEFAULT_CLIENT_CONFIG);
  const currentBundleId = startup.isDone ? startup.currentBundleId : undefined;
  useEffect(() => {
    if (currentBundleId === undefined || !record) return;
    checkLiveUpdate(platform, record, currentBundleId)
      .then((lastOutcome) => recordLiveUpdate({ lastOutcome }))
      .catch(() => {
        // Logged with its stack by checkLiveUpdate (SPEC.md §8); the next config change retries.
      });
  }, [platform, record, currentBundleId]);

  // Device registration (SPEC.md §4): once the running bundle is known, for
  // each signed-in user and each bundle (a new user, or an update applied).
  useEffect(() => {
    if (currentBundleId === undefined || !userId || !phoneNumber) return;
    registerDevice(platform, { id: userId, phoneNumber }, currentBundleId).catch(
      (error: unknown) => {
        // Written again at the next start or sign-in; nothing for the person to do.
        console.error('Device registration failed', error);
      },
    );
  }, [platform, userId, phoneNumber, currentBundleId]);
}

/**
 * The root view's {@link useLiveUpdate} as a component rendering nothing, so
 * the root view can load it (with the realtime client) in its own chunk
 * after the first screen (DESIGN.md §7 first-screen budget).
 */
export function LiveUpdate({ user }: { user: RegisteringUser | null }): null {
  useLiveUpdate(user);
  return null;
}
