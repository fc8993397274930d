import { recommendedBundleId } from '@rally/shared/client-config';
import type { ClientConfig } from '@rally/shared/config';
import { useSyncExternalStore } from 'react';
import type { Platform } from './platform';

/**
 * What one live-update check did (SPEC.md §4, §5): skipped (not native, no
 * recommended package id, live update disabled, or already on it) or the
 * recommended package downloaded and set as the next one.
 */
export type LiveUpdateOutcome =
  | {
      kind: 'skipped';
      reason: 'not-native' | 'no-recommended-id' | 'disabled' | 'up-to-date';
      recommendedBundleId: string | null;
    }
  | { kind: 'updated'; recommendedBundleId: string };

/**
 * Whether an update is needed (SPEC.md §4): a recommended package id exists
 * (the `{id}` of `bundle-{id}.zip` in `config.url`), `disableLiveUpdate` is
 * not true, and it differs from `currentBundleId`.
 */
export function isUpdateNeeded(config: ClientConfig, currentBundleId: string | null): boolean {
  const recommended = recommendedBundleId(config.url);
  return (
    recommended !== null && config.disableLiveUpdate !== true && recommended !== currentBundleId
  );
}

/** True for the download error SPEC.md §5 ignores: its message says the package already exists. */
export function isAlreadyExistsError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /already exists/i.test(message);
}

/** Logs an update error with its stack trace (SPEC.md §8); the caller rethrows it. */
function logUpdateError(error: unknown): void {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
}

/**
 * Start-up on a native platform (SPEC.md §4, §7): live update is reset, the
 * current package id is read (`getCurrentBundle`), then `ready` signals that
 * the app started correctly. Returns the current package id (null: the one
 * built into the app). In a browser it does nothing and returns null.
 * Errors are logged with their stack and rethrown (SPEC.md §8).
 */
export async function startLiveUpdate(platform: Platform): Promise<string | null> {
  const plugin = platform.liveUpdate;
  if (!platform.isNative || !plugin) return null;
  try {
    await plugin.reset();
    const { bundleId } = await plugin.getCurrentBundle();
    await plugin.ready();
    return bundleId;
  } catch (error) {
    logUpdateError(error);
    throw error;
  }
}

/**
 * The automatic update check (SPEC.md §4, §5, §8). Skipped when the platform
 * is not native or there is no recommended package id (no plugin calls at
 * all), and when no update is needed; otherwise the package is downloaded
 * (`downloadBundle {bundleId, url}`), then set as the next package
 * (`setNextBundle {bundleId}`). A download error whose message says the
 * package already exists is ignored; any other download error, and any
 * error while setting the next package, is logged with its stack and rethrown.
 */
export async function checkLiveUpdate(
  platform: Platform,
  config: ClientConfig,
  currentBundleId: string | null,
): Promise<LiveUpdateOutcome> {
  const recommended = recommendedBundleId(config.url);
  const plugin = platform.liveUpdate;
  if (!platform.isNative || !plugin) {
    return { kind: 'skipped', reason: 'not-native', recommendedBundleId: recommended };
  }
  if (recommended === null || !config.url) {
    return { kind: 'skipped', reason: 'no-recommended-id', recommendedBundleId: null };
  }
  if (!isUpdateNeeded(config, currentBundleId)) {
    const reason = config.disableLiveUpdate ? 'disabled' : 'up-to-date';
    return { kind: 'skipped', reason, recommendedBundleId: recommended };
  }
  try {
    await plugin.downloadBundle({ bundleId: recommended, url: config.url });
  } catch (error) {
    if (!isAlreadyExistsError(error)) {
      logUpdateError(error);
      throw error;
    }
  }
  try {
    await plugin.setNextBundle({ bundleId: recommended });
  } catch (error) {
    logUpdateError(error);
    throw error;
  }
  return { kind: 'updated', recommendedBundleId: recommended };
}

/** What the app knows about live update now (shown on the account page). */
export interface LiveUpdateStatus {
  /** The running package id read at start-up (native), null otherwise. */
  currentBundleId: string | null;
  /** The last check's outcome, null before the first one. */
  lastOutcome: LiveUpdateOutcome | null;
  /** How many checks have run since start-up (each config change runs one). */
  checks: number;
}

let status: LiveUpdateStatus = { currentBundleId: null, lastOutcome: null, checks: 0 };
const statusListeners = new Set<() => void>();

/** Records a start-up reading or a check's outcome for {@link useLiveUpdateStatus}. */
export function recordLiveUpdate(change: Partial<Omit<LiveUpdateStatus, 'checks'>>): void {
  const isCheck = change.lastOutcome !== undefined;
  status = { ...status, ...change, checks: status.checks + (isCheck ? 1 : 0) };
  for (const listener of statusListeners) listener();
}

/** The live-update status, re-rendering on every change. */
export function useLiveUpdateStatus(): LiveUpdateStatus {
  return useSyncExternalStore(
    (listener) => {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    () => status,
  );
}
