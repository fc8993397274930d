import { DEFAULT_CLIENT_CONFIG } from '@rally/shared/client-config';
import type { ClientConfig } from '@rally/shared/config';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { clientConfigQueryOptions } from '../lib/client-config';
import { registerDevice, type RegisteringUser } from '../lib/device-registration';
import {
  checkLiveUpdate,
  markLiveUpdateReady,
  recordLiveUpdate,
  startLiveUpdate,
} from '../lib/live-update';
import { currentPlatform, type Platform } from '../lib/platform';
import { useRealtime, useRealtimeUser } from '../lib/realtime';

const detectedByShell = new WeakMap<object, Platform>();

/**
 * The platform the app runs on, detected once per native shell (the
 * `window.Capacitor` object it injects), so start-up runs once per shell.
 */
function appPlatform(): Platform {
  const shell = (globalThis as { Capacitor?: unknown }).Capacitor;
  if (typeof shell !== 'object' || shell === null) return currentPlatform();
  let platform = detectedByShell.get(shell);
  if (!platform) {
    platform = currentPlatform();
    detectedByShell.set(shell, platform);
  }
  return platform;
}

/** What start-up found: the running package id and the package ids that rolled back. */
interface StartupReading {
  currentBundleId: string | null;
  blockedBundleIds: string[];
}

const startups = new WeakMap<Platform, Promise<StartupReading>>();

/**
 * Start-up once per platform (not again when the root view remounts):
 * {@link startLiveUpdate} (reset, read the current package), then
 * {@link markLiveUpdateReady} — called from an effect, so once the app has
 * rendered, and whether or not the first step failed, since a package that
 * renders must not be rolled back. A failed step was logged with its stack
 * by live-update.ts (SPEC.md §8) and reads as "built-in package, nothing
 * blocked", so the checks still run.
 */
function startOnce(platform: Platform): Promise<StartupReading> {
  let startup = startups.get(platform);
  if (!startup) {
    startup = (async () => {
      const currentBundleId = await startLiveUpdate(platform).catch(() => null);
      const blockedBundleIds = await markLiveUpdateReady(platform).catch(() => []);
      return { currentBundleId, blockedBundleIds };
    })();
    startups.set(platform, startup);
  }
  return startup;
}

/** Counts the checks begun: a check whose number is no longer the last one is superseded. */
let checkGeneration = 0;

/** Start-up of live update: not yet done, or done with what it read. */
type Startup = { isDone: false } | ({ isDone: true } & StartupReading);

/**
 * The automatic update check of the root view (SPEC.md §2, §4): at start-up
 * on a native platform live update is reset and the current package id read,
 * then — this runs in an effect, so once the app has rendered — the plugin
 * is told the app is ready (stopping its rollback timer) and the rolled-back
 * package ids are read; then the check runs with the config record `client`, and again whenever
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
    void startOnce(platform).then((reading) => {
      recordLiveUpdate({ currentBundleId: reading.currentBundleId });
      if (isCurrent) setStartup({ isDone: true, ...reading });
    });
    return () => {
      isCurrent = false;
    };
  }, [platform]);

  // In a browser the check is skipped whatever the record says: it runs at once (SPEC.md §2).
  const record: ClientConfig | undefined =
    config.data ?? (platform.isNative ? undefined : DEFAULT_CLIENT_CONFIG);
  const currentBundleId = startup.isDone ? startup.currentBundleId : undefined;
  const blockedBundleIds = startup.isDone ? startup.blockedBundleIds : undefined;
  useEffect(() => {
    if (currentBundleId === undefined || !blockedBundleIds || !record) return;
    const generation = ++checkGeneration;
    const isSuperseded = () => generation !== checkGeneration;
    checkLiveUpdate(platform, record, currentBundleId, blockedBundleIds, isSuperseded)
      .then((lastOutcome) => recordLiveUpdate({ lastOutcome }))
      .catch(() => {
        // Logged with its stack by checkLiveUpdate (SPEC.md §8); the next config change retries.
      });
  }, [platform, record, currentBundleId, blockedBundleIds]);

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
