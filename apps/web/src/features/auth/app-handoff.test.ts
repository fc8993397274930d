import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Platform, SecureStoragePlugin } from '../../lib/platform';
import { fakePlatform } from '../../test/platform';
import {
  APP_HANDOFF_KEY,
  APP_HANDOFF_MAX_AGE_MS,
  codeVerifierFor,
  finishAppHandoff,
  forgetCodeVerifier,
  pkceChallenge,
  startAppHandoff,
} from './app-handoff';

function fakeStorage(): SecureStoragePlugin & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    get: async ({ key }) => {
      const value = values.get(key);
      if (value === undefined) throw new Error('Item with given key does not exist');
      return { value };
    },
    set: async ({ key, value }) => void values.set(key, value),
    remove: async ({ key }) => void values.delete(key),
  };
}

function nativePlatform(storage: SecureStoragePlugin | null = fakeStorage()) {
  const open = vi.fn(async (_: { url: string }) => undefined);
  const close = vi.fn(async () => undefined);
  const platform: Platform = fakePlatform({
    isNative: true,
    secureStorage: storage,
    browser: { open, close },
  });
  return { platform, open, close };
}

/** The handoff page URL `open` was called with. */
function openedUrl(open: ReturnType<typeof nativePlatform>['open']): URL {
  return new URL(open.mock.calls[0]![0].url);
}

afterEach(() => vi.restoreAllMocks());

describe('the app handoff, app side (RFC 8252, RFC 7636; docs/decisions/028)', () => {
  it('makes the S256 challenge of RFC 7636 appendix B', async () => {
    expect(await pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('opens the handoff page in the system browser with a challenge of a verifier kept in secure storage', async () => {
    const storage = fakeStorage();
    const { platform, open } = nativePlatform(storage);
    await startAppHandoff(platform, '/account');
    const url = openedUrl(open);
    expect(url.pathname).toBe('/auth/init-app-auth');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      code_challenge_method: 'S256',
      redirect_uri: 'app.rally:/auth/callback',
    });
    const pending = JSON.parse(storage.values.get(APP_HANDOFF_KEY) ?? '{}');
    expect(pending).toMatchObject({ state: url.searchParams.get('state'), redirect: '/account' });
    expect(pending.codeVerifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('code_challenge')).toBe(await pkceChallenge(pending.codeVerifier));
    expect(url.toString()).not.toContain(pending.codeVerifier);
  });

  it('finishes a return of its own state once, handing the verifier to the exchange', async () => {
    const storage = fakeStorage();
    const { platform, open, close } = nativePlatform(storage);
    await startAppHandoff(platform, null);
    const state = openedUrl(open).searchParams.get('state')!;
    const pending = JSON.parse(storage.values.get(APP_HANDOFF_KEY)!);
    const query = new URLSearchParams({ token: 'tok-1', state });
    expect(await finishAppHandoff(platform, query)).toEqual({
      ok: true,
      customToken: 'tok-1',
      redirect: null,
    });
    expect(close).toHaveBeenCalled();
    expect(codeVerifierFor('tok-1')).toBe(pending.codeVerifier);
    expect(codeVerifierFor('a-sign-in-link')).toBeUndefined();
    expect(storage.values.has(APP_HANDOFF_KEY)).toBe(false);
    // Used: the same return again is refused.
    expect(await finishAppHandoff(platform, query)).toEqual({ ok: false, reason: 'unknown' });
    forgetCodeVerifier('tok-1');
    expect(codeVerifierFor('tok-1')).toBeUndefined();
  });

  it('refuses a state it did not start, a late return and a return without a token', async () => {
    const { platform, open } = nativePlatform();
    expect(
      await finishAppHandoff(platform, new URLSearchParams({ token: 't', state: 's' })),
    ).toEqual({ ok: false, reason: 'unknown' });

    await startAppHandoff(platform, null, 1_000);
    const state = openedUrl(open).searchParams.get('state')!;
    expect(
      await finishAppHandoff(platform, new URLSearchParams({ token: 't', state: 'other' })),
    ).toEqual({
      ok: false,
      reason: 'unknown',
    });
    expect(
      await finishAppHandoff(
        platform,
        new URLSearchParams({ token: 't', state }),
        1_000 + APP_HANDOFF_MAX_AGE_MS + 1,
      ),
    ).toEqual({ ok: false, reason: 'expired' });

    open.mockClear();
    await startAppHandoff(platform, null);
    const next = openedUrl(open).searchParams.get('state')!;
    expect(await finishAppHandoff(platform, new URLSearchParams({ state: next }))).toEqual({
      ok: false,
      reason: 'incomplete',
    });
  });

  it('works from memory when the shell has no secure storage, and needs the Browser plugin', async () => {
    const { platform, open } = nativePlatform(null);
    await startAppHandoff(platform, null);
    const state = openedUrl(open).searchParams.get('state')!;
    expect(
      await finishAppHandoff(platform, new URLSearchParams({ token: 'm', state })),
    ).toMatchObject({
      ok: true,
    });
    await expect(startAppHandoff({ ...platform, browser: null }, null)).rejects.toThrow(
      'cannot open the browser',
    );
  });
});
