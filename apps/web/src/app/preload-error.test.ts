import { afterEach, describe, expect, it } from 'vitest';
import { takeConsoleErrors } from '../test/console-errors';
import { DownloadFailedError, trackDownload } from '../lib/downloads';
import { installPreloadErrorHandler } from './preload-error';

function preloadErrorEvent(payload: unknown): Event {
  const event = new Event('vite:preloadError', { cancelable: true });
  Object.assign(event, { payload });
  return event;
}

describe('vite:preloadError handling (SPEC.md §8)', () => {
  let uninstall: () => void = () => {};
  const uncaught: unknown[] = [];
  const onError = (event: ErrorEvent) => {
    uncaught.push(event.error);
    event.preventDefault();
  };

  afterEach(() => {
    uninstall();
    window.removeEventListener('error', onError);
    uncaught.length = 0;
  });

  it('logs the failure and rethrows it', () => {
    window.addEventListener('error', onError);
    uninstall = installPreloadErrorHandler();
    const failure = new Error('Failed to fetch dynamically imported module');
    window.dispatchEvent(preloadErrorEvent(failure));
    expect(uncaught).toEqual([failure]);
    const logged = takeConsoleErrors();
    expect(logged.some((args) => args.includes(failure))).toBe(true);
  });

  it('does nothing when the event was cancelled', () => {
    window.addEventListener('error', onError);
    const cancel = (event: Event) => event.preventDefault();
    window.addEventListener('vite:preloadError', cancel);
    uninstall = installPreloadErrorHandler();
    window.dispatchEvent(preloadErrorEvent(new Error('chunk gone')));
    window.removeEventListener('vite:preloadError', cancel);
    expect(uncaught).toEqual([]);
    expect(takeConsoleErrors()).toEqual([]);
  });
});

describe('vite:preloadError while the app handles the download (SPEC.md §8, docs/decisions/017)', () => {
  it('is cancelled, not logged and not rethrown, while a tracked download is in flight; rethrown again after it', async () => {
    const uncaught: unknown[] = [];
    const onError = (event: ErrorEvent) => {
      uncaught.push(event.error);
      event.preventDefault();
    };
    window.addEventListener('error', onError);
    const uninstall = installPreloadErrorHandler();
    try {
      let release: (value: undefined) => void = () => {};
      const download = trackDownload(
        () => new Promise<undefined>((resolve) => (release = resolve)),
      );
      const during = preloadErrorEvent(new Error('Unable to preload CSS for /assets/page.css'));
      window.dispatchEvent(during);
      expect(during.defaultPrevented).toBe(true);
      expect(uncaught).toEqual([]);
      expect(takeConsoleErrors()).toEqual([]);
      // Vite's import resolves to undefined once the event is cancelled: a failed download.
      release(undefined);
      await expect(download).rejects.toBeInstanceOf(DownloadFailedError);

      const after = preloadErrorEvent(new Error('chunk gone'));
      window.dispatchEvent(after);
      expect(after.defaultPrevented).toBe(false);
      expect(uncaught).toHaveLength(1);
      takeConsoleErrors();
    } finally {
      uninstall();
      window.removeEventListener('error', onError);
    }
  });
});
