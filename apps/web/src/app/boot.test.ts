import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { takeConsoleErrors } from '../test/console-errors';
import { afterNextPaint, bootWhenPainted, HIDDEN_START_DELAY_MS } from './boot';

const BOOT_HTML = `<div class="rally-boot" role="status"><p>Loading...</p></div>`;

describe('the boot step (docs/decisions/018)', () => {
  let frames: FrameRequestCallback[];
  const reload = vi.fn();

  beforeEach(() => {
    vi.useFakeTimers();
    frames = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      frames.push(callback);
      return frames.length;
    });
    vi.stubGlobal('location', { ...window.location, reload });
    document.body.innerHTML = BOOT_HTML;
    sessionStorage.clear();
    reload.mockClear();
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  const paintFrame = () => frames.splice(0).forEach((frame) => frame(performance.now()));

  it('starts the app only after the next frame was painted, not while the boot screen waits for it', async () => {
    const start = vi.fn(async () => {});
    const booted = bootWhenPainted(start);
    await vi.advanceTimersByTimeAsync(0);
    expect(start).not.toHaveBeenCalled();
    paintFrame();
    expect(start).not.toHaveBeenCalled(); // the frame's own task: not painted yet
    await vi.advanceTimersByTimeAsync(0);
    expect(start).toHaveBeenCalledOnce();
    await booted;
  });

  it('starts anyway when no frame comes (a background tab)', async () => {
    let resolved = false;
    void afterNextPaint().then(() => (resolved = true));
    await vi.advanceTimersByTimeAsync(HIDDEN_START_DELAY_MS - 1);
    expect(resolved).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(resolved).toBe(true);
  });

  it('starts at once in a hidden document', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    let resolved = false;
    void afterNextPaint().then(() => (resolved = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(resolved).toBe(true);
    expect(frames).toHaveLength(0);
  });

  it('reloads once when the app could not be downloaded online (a new build), then shows what went wrong', async () => {
    // The server answers: a new build is probably out (lib/downloads.ts reloadOnceForNewVersion).
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 200 })),
    );
    const failing = () =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    const first = bootWhenPainted(failing);
    await vi.advanceTimersByTimeAsync(HIDDEN_START_DELAY_MS);
    await first;
    expect(reload).toHaveBeenCalledOnce();

    // The reloaded page fails too: no reload loop, a message and a way out.
    const second = bootWhenPainted(failing);
    await vi.advanceTimersByTimeAsync(HIDDEN_START_DELAY_MS);
    await second;
    expect(reload).toHaveBeenCalledOnce();
    const screen = document.querySelector('.rally-boot')!;
    expect(screen.getAttribute('role')).toBe('alert');
    expect(screen.textContent).toContain('Rally could not load.');
    expect(screen.textContent).not.toContain('Loading...');
    screen.querySelector('button')!.click();
    expect(reload).toHaveBeenCalledTimes(2);
    expect(takeConsoleErrors()).toHaveLength(2);
  });

  it('offline, says so and loads by itself when the connection returns', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const booted = bootWhenPainted(() => Promise.reject(new TypeError('Failed to fetch')));
    await vi.advanceTimersByTimeAsync(HIDDEN_START_DELAY_MS);
    await booted;
    expect(reload).not.toHaveBeenCalled();
    expect(document.querySelector('.rally-boot')!.textContent).toMatch(/You're offline/);
    const button = document.querySelector('.rally-boot button') as HTMLButtonElement;
    expect(button.textContent).toBe('Try again');
    window.dispatchEvent(new Event('online'));
    expect(reload).toHaveBeenCalledOnce();
    expect(takeConsoleErrors()).toHaveLength(1);
  });
});
