import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DownloadFailedError,
  isDownloadFailure,
  noteDownloadSucceeded,
  reloadOnceForNewVersion,
  trackDownload,
} from './downloads';

afterEach(() => {
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('failed downloads of code (docs/decisions/017)', () => {
  it('recognises the browsers’ errors for a module or style file that did not load', () => {
    expect(
      isDownloadFailure(
        new TypeError('Failed to fetch dynamically imported module: https://x/assets/a.js'),
      ),
    ).toBe(true);
    expect(isDownloadFailure(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isDownloadFailure(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
    expect(isDownloadFailure(new DownloadFailedError())).toBe(true);
    expect(isDownloadFailure(new Error('x is not a function'))).toBe(false);
  });

  it('passes a bug in the module on unchanged, online', async () => {
    const bug = new Error('x is not a function');
    await expect(trackDownload(() => Promise.reject(bug))).rejects.toBe(bug);
  });

  it('online after a deploy, reloads once when the server answers; not again until a page loads', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const reload = vi.fn();
    expect(await reloadOnceForNewVersion(reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/', { method: 'HEAD', cache: 'no-store' });

    expect(await reloadOnceForNewVersion(reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);

    noteDownloadSucceeded();
    expect(await reloadOnceForNewVersion(reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('never reloads offline or when the server does not answer (that would show the browser’s error page)', async () => {
    const reload = vi.fn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(await reloadOnceForNewVersion(reload)).toBe(false);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(await reloadOnceForNewVersion(reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
