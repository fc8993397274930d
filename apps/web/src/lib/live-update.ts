import {
  bundleChecksum,
  bundleDownloadUrl,
  recommendedBundleId,
} from '@rally/shared/client-config';
import type { ClientConfig } from '@rally/shared/config';
import { useSyncExternalStore } from 'react';
import type { Platform } from './platform';

/**
 * What one live-update check did (SPEC.md §4, §5): skipped (not native, no
 * recommended package id, live update disabled, or the recommended package
 * rolled back once already, or a newer check began while this one downloaded),
 * the running package kept as the next one
 * (already on the recommended package: see {@link checkLiveUpdate}), or the
 * recommended package downloaded and set as the next one.
 */
export type LiveUpdateOutcome =
  | {
      kind: 'skipped';
      reason: 'not-native' | 'no-recommended-id' | 'disabled' | 'rolled-back' | 'superseded';
      recommendedBundleId: string | null;
    }
  | { kind: 'kept'; recommendedBundleId: string }
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

/** Runs `step`, logging an error with its stack and rethrowing it (SPEC.md §8). */
async function logged<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    logUpdateError(error);
    throw error;
  }
}

/**
 * Start-up on a native platform (SPEC.md §4, §7): live update is reset (the
 * plugin makes the built-in package the next one) and the current package
 * id is read (`getCurrentBundle`). Returns the current package id (null:
 * the one built into the app). In a browser it does nothing and returns
 * null. Errors are logged with their stack and rethrown (SPEC.md §8).
 */
export async function startLiveUpdate(platform: Platform): Promise<string | null> {
  const plugin = platform.liveUpdate;
  if (!platform.isNative || !plugin) return null;
  return logged(async () => {
    await plugin.reset();
    const { bundleId } = await plugin.getCurrentBundle();
    return bundleId;
  });
}

/**
 * Signals the plugin that the app started correctly (`ready`, SPEC.md §7),
 * to be called once the app has rendered: a package that never gets here
 * within the shell's `readyTimeout` (10 s, apps/mobile/capacitor.config.ts)
 * is rolled back to the built-in one and blocked (DESIGN.md §8). Then reads
 * the blocked package ids (`getBlockedBundles`, empty when the shell lacks
 * it), which the check never sets again. Also where the plugin deletes
 * packages neither current nor next (`autoDeleteBundles`), so the check
 * runs only after it. In a browser it does nothing and answers [].
 * Errors are logged with their stack and rethrown (SPEC.md §8).
 */
export async function markLiveUpdateReady(platform: Platform): Promise<string[]> {
  const plugin = platform.liveUpdate;
  if (!platform.isNative || !plugin) return [];
  return logged(async () => {
    await plugin.ready();
    const blocked = plugin.getBlockedBundles ? await plugin.getBlockedBundles() : undefined;
    return blocked?.bundleIds ?? [];
  });
}

/** Downloads under way, by package id (shared by checks that overlap). */
const downloads = new Map<string, Promise<unknown>>();

/**
 * The automatic update check (SPEC.md §4, §5, §8). Skipped when the platform
 * is not native or there is no recommended package id (no plugin calls at
 * all), when `disableLiveUpdate` is true, and when the recommended package
 * is among `blockedBundleIds` (it rolled back: it never signalled ready).
 * When an update is needed the package is downloaded (`downloadBundle
 * {bundleId, url}`, with `checksum` when the URL carries `#sha256=`), then
 * set as the next package (`setNextBundle {bundleId}`). When the app already
 * runs the recommended package, it is set as the next package again: the
 * start-up `reset()` made the built-in package next, and without this the
 * app would alternate between the two on every cold start
 * (docs/decisions/027). A download error whose message says the package
 * already exists is ignored; any other download error, and any error while
 * setting the next package, is logged with its stack and rethrown.
 * `isSuperseded` answers true once a newer check has begun: a download that
 * ends after it then sets nothing, so an older config (a package being
 * rolled back) never overrides a newer one. Two checks downloading the same
 * package share one download.
 */
export async function checkLiveUpdate(
  platform: Platform,
  config: ClientConfig,
  currentBundleId: string | null,
  blockedBundleIds: readonly string[] = [],
  isSuperseded: () => boolean = () => false,
): Promise<LiveUpdateOutcome> {
  const recommended = recommendedBundleId(config.url);
  const plugin = platform.liveUpdate;
  if (!platform.isNative || !plugin) {
    return { kind: 'skipped', reason: 'not-native', recommendedBundleId: recommended };
  }
  if (recommended === null || !config.url) {
    return { kind: 'skipped', reason: 'no-recommended-id', recommendedBundleId: null };
  }
  if (config.disableLiveUpdate === true) {
    return { kind: 'skipped', reason: 'disabled', recommendedBundleId: recommended };
  }
  if (blockedBundleIds.includes(recommended)) {
    return { kind: 'skipped', reason: 'rolled-back', recommendedBundleId: recommended };
  }
  if (!isUpdateNeeded(config, currentBundleId)) {
    await logged(() => plugin.setNextBundle({ bundleId: recommended }));
    return { kind: 'kept', recommendedBundleId: recommended };
  }
  const checksum = bundleChecksum(config.url);
  let download = downloads.get(recommended);
  if (!download) {
    download = plugin
      .downloadBundle({
        bundleId: recommended,
        url: bundleDownloadUrl(config.url),
        ...(checksum ? { checksum } : {}),
      })
      .finally(() => downloads.delete(recommended));
    downloads.set(recommended, download);
  }
  try {
    await download;
  } catch (error) {
    if (!isAlreadyExistsError(error)) {
      logUpdateError(error);
      throw error;
    }
  }
  if (isSuperseded()) {
    return { kind: 'skipped', reason: 'superseded', recommendedBundleId: recommended };
  }
  await logged(() => plugin.setNextBundle({ bundleId: recommended }));
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
