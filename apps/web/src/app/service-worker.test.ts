import type { RegisterSWOptions } from 'vite-plugin-pwa/types';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Platform } from '../lib/platform';
import { registerServiceWorker, type RegisterServiceWorker } from './service-worker';

const web = { isNative: false } as Platform;

function setUp(onLine: boolean) {
  const nav = { serviceWorker: {}, onLine } as unknown as Navigator;
  const target = new EventTarget();
  const calls: RegisterSWOptions[] = [];
  const registerSW = vi.fn<RegisterServiceWorker>((options) => {
    calls.push(options);
    return async () => {};
  });
  const load = vi.fn(async () => ({ registerSW }));
  return { nav, target, calls, registerSW, load };
}

describe('registerServiceWorker (docs/decisions/017)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('a registration that fails offline is tried again when the connection returns, with no console error', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { nav, target, calls, registerSW, load } = setUp(false);
    await registerServiceWorker(web, load, { navigator: nav, target });
    expect(registerSW).toHaveBeenCalledTimes(1);
    calls[0]?.onRegisterError?.(
      new TypeError('An unknown error occurred when fetching the script.'),
    );
    expect(error).not.toHaveBeenCalled();
    expect(registerSW).toHaveBeenCalledTimes(1);

    (nav as { onLine: boolean }).onLine = true;
    target.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(registerSW).toHaveBeenCalledTimes(2));
    expect(error).not.toHaveBeenCalled();
  });

  it('a registration that fails online is logged to the console only (SPEC.md §8)', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { nav, target, calls, load } = setUp(true);
    await registerServiceWorker(web, load, { navigator: nav, target });
    const failure = new Error('bad script');
    calls[0]?.onRegisterError?.(failure);
    expect(error).toHaveBeenCalledWith('The offline app shell could not be installed', failure);
  });

  it('an offline failure to load the registration code is retried when online', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { nav, target, registerSW } = setUp(false);
    const load = vi
      .fn<() => Promise<{ registerSW: RegisterServiceWorker }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ registerSW });
    expect(await registerServiceWorker(web, load, { navigator: nav, target })).toBe(false);
    target.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(registerSW).toHaveBeenCalledTimes(1));
    expect(console.error).not.toHaveBeenCalled();
  });
});
