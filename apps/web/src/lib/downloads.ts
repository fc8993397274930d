/**
 * Downloads of lazily loaded code (pages, layouts, parts) that the app
 * handles itself when they fail, and the bookkeeping SPEC.md §8 needs: while
 * such a download is in flight, a `vite:preloadError` event (a page's chunk
 * or style file failed to load) belongs to it and is cancelled by the
 * app's handler (`app/preload-error.ts`); the download then shows an
 * offline/retry state instead of a blank page (docs/decisions/017).
 */

/** Thrown by {@link trackDownload} when the download failed (offline, a deploy removed the chunk, a style file did not load). */
export class DownloadFailedError extends Error {
  constructor(cause?: unknown) {
    super('A part of the app could not be downloaded', { cause });
    this.name = 'DownloadFailedError';
  }
}

interface InFlight {
  sawPreloadError: boolean;
}

const inFlight = new Set<InFlight>();
const failedStyles = new Set<string>();

const CHUNK_FAILURE =
  /dynamically imported module|Importing a module script failed|Unable to preload CSS|Failed to fetch|NetworkError|Load failed/i;

/**
 * True when `error` is what a failed download of code throws: a
 * {@link DownloadFailedError}, or the browser's error for a module or style
 * file it could not fetch (Chromium "Failed to fetch dynamically imported
 * module", Safari "Importing a module script failed", Firefox "error loading
 * dynamically imported module", Vite "Unable to preload CSS").
 */
export function isDownloadFailure(error: unknown): boolean {
  if (error instanceof DownloadFailedError) return true;
  return error instanceof Error && CHUNK_FAILURE.test(error.message);
}

/**
 * Called by the preload-error handler for each `vite:preloadError`: true
 * when a tracked download is in flight (the app handles the failure, so the
 * event is to be cancelled); false when nobody handles it. A failed style
 * file is remembered so {@link trackDownload}'s next attempt loads it again.
 */
export function claimPreloadError(payload: unknown): boolean {
  const css =
    payload instanceof Error ? /Unable to preload CSS for (\S+)/.exec(payload.message) : null;
  if (css?.[1]) failedStyles.add(css[1]);
  if (inFlight.size === 0) return false;
  for (const download of inFlight) download.sawPreloadError = true;
  return true;
}

/** Loads again the style files that failed (Vite never retries a preload it has seen). */
async function reloadFailedStyles(): Promise<void> {
  const urls = [...failedStyles];
  await Promise.all(
    urls.map(
      (url) =>
        new Promise<void>((resolve, reject) => {
          for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
            if (link.href === url || link.getAttribute('href') === url) link.remove();
          }
          const link = document.createElement('link');
          link.rel = 'stylesheet';
          link.crossOrigin = '';
          link.href = url;
          link.addEventListener('load', () => {
            failedStyles.delete(url);
            resolve();
          });
          link.addEventListener('error', () => reject(new DownloadFailedError(url)));
          document.head.appendChild(link);
        }),
    ),
  );
}

/**
 * Runs `load` (a dynamic import) as a download the app handles: rejects
 * with {@link DownloadFailedError} when it failed to download, including
 * when Vite's preload error was cancelled (then `import()` resolves to
 * undefined) or only its style file failed; any other error (a bug in the
 * module) is passed on unchanged.
 */
export async function trackDownload<T>(load: () => Promise<T>): Promise<T> {
  if (failedStyles.size > 0) await reloadFailedStyles();
  const download: InFlight = { sawPreloadError: false };
  inFlight.add(download);
  try {
    const value = await load();
    if (download.sawPreloadError || value === undefined) throw new DownloadFailedError();
    return value;
  } catch (error) {
    if (error instanceof DownloadFailedError) throw error;
    if (download.sawPreloadError || isDownloadFailure(error) || navigator.onLine === false) {
      throw new DownloadFailedError(error);
    }
    throw error;
  } finally {
    inFlight.delete(download);
  }
}

const RELOADED_KEY = 'rally.reloadedForMissingCode';

/**
 * After a deploy a chunk of the old build can be gone from the server: if a
 * download failed while online, the server answers and this tab has not
 * reloaded for it already, reloads the page once (to the new build) and
 * resolves true. Otherwise resolves false and the caller shows the retry
 * state. {@link noteDownloadSucceeded} re-arms it.
 */
export async function reloadOnceForNewVersion(
  reload: () => void = () => window.location.reload(),
): Promise<boolean> {
  if (navigator.onLine === false) return false;
  try {
    if (sessionStorage.getItem(RELOADED_KEY)) return false;
    const answer = await fetch('/', { method: 'HEAD', cache: 'no-store' });
    if (!answer.ok) return false;
    sessionStorage.setItem(RELOADED_KEY, '1');
  } catch {
    return false;
  }
  reload();
  return true;
}

/** A page downloaded fine: a later missing chunk may reload the page once again. */
export function noteDownloadSucceeded(): void {
  try {
    sessionStorage.removeItem(RELOADED_KEY);
  } catch {
    // Storage unavailable (private mode): nothing to re-arm.
  }
}
