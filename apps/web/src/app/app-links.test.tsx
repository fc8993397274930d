import { afterEach, describe, expect, it, vi } from 'vitest';
import { startAppHandoff } from '../features/auth/app-handoff';
import type { AppPlugin, Platform } from '../lib/platform';
import { fakePlatform } from '../test/platform';
import { followAppLink, listenForAppLinks, type AppLinkContext } from './app-links';

function context(overrides: Partial<Platform> = {}) {
  const navigate = vi.fn(async (..._args: unknown[]) => undefined);
  const onRefused = vi.fn();
  const open = vi.fn(async (_: { url: string }) => undefined);
  const platform: Platform = fakePlatform({
    isNative: true,
    browser: { open, close: async () => undefined },
    ...overrides,
  });
  const value: AppLinkContext = { platform, navigate, onRefused };
  return { value, navigate, onRefused, open };
}

/** A fake App plugin: `emit` fires `appUrlOpen` as the shell does. */
function fakeApp(launchUrl?: string) {
  const listeners = new Set<(event: { url?: string }) => void>();
  const app: AppPlugin = {
    addListener: (_, callback) => {
      listeners.add(callback);
      return { remove: () => void listeners.delete(callback) };
    },
    getLaunchUrl: async () => (launchUrl ? { url: launchUrl } : {}),
  };
  return { app, emit: (url: string) => listeners.forEach((l) => l({ url })), listeners };
}

afterEach(() => {
  sessionStorage.clear();
  vi.useRealTimers();
});

describe('links that open the app (docs/decisions/028)', () => {
  it('navigates to the path of a Rally link and ignores other links', async () => {
    const { value, navigate } = context();
    await followAppLink('app.rally:/programs/p1/events/e1?tab=rsvp', value);
    await followAppLink(`${window.location.origin}/programs/p1/subscriptions/new`, value);
    await followAppLink('https://elsewhere.example/programs/p1', value);
    await followAppLink(`${window.location.origin}/auth/init-app-auth?state=x`, value);
    expect(navigate.mock.calls).toEqual([
      ['/programs/p1/events/e1?tab=rsvp'],
      ['/programs/p1/subscriptions/new'],
    ]);
  });

  it("sends the handoff's return to the sign-in link page, and refuses one it did not start", async () => {
    const { value, navigate, onRefused, open } = context();
    await followAppLink('app.rally:/auth/callback?token=t1&state=forged', value);
    expect(onRefused).toHaveBeenCalledWith('unknown');
    expect(navigate).not.toHaveBeenCalled();

    await startAppHandoff(value.platform, '/p/k1/calendar');
    const state = new URL(open.mock.calls[0]![0].url).searchParams.get('state')!;
    await followAppLink(`app.rally:/auth/callback?token=t2&state=${state}`, value);
    expect(navigate).toHaveBeenCalledWith('/auth/token/t2?redirect=%2Fp%2Fk1%2Fcalendar', {
      replace: true,
    });
  });

  it('follows appUrlOpen and the launch URL, each opening once, and stops listening', async () => {
    const { app, emit, listeners } = fakeApp('app.rally:/account');
    const { value, navigate } = context({ app });
    const stop = listenForAppLinks(() => value);
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/account'));
    // iOS reports a cold start's link as an event too: followed once.
    emit('app.rally:/account');
    emit('app.rally:/programs/p2');
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/programs/p2'));
    expect(navigate.mock.calls.filter(([path]) => path === '/account')).toHaveLength(1);
    stop();
    expect(listeners.size).toBe(0);

    // A reload in the same run does not follow the launch URL again.
    navigate.mockClear();
    const again = listenForAppLinks(() => value);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(navigate).not.toHaveBeenCalled();
    again();
  });
});
