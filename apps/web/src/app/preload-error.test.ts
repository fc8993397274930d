import { afterEach, describe, expect, it } from 'vitest';
import { takeConsoleErrors } from '../test/console-errors';
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
