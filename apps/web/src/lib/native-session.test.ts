import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  authorizationHeaders,
  loadNativeSession,
  publicOrigin,
  readApiOrigin,
  saveSessionToken,
  SESSION_TOKEN_KEY,
  sessionBearerToken,
  usesBearerSession,
} from './native-session';
import type { Platform, SecureStoragePlugin } from './platform';
import { fakePlatform } from '../test/platform';

/** A secure storage plugin over a map; `failSet` makes `set` reject as a broken Keystore would. */
function fakeStorage(initial: Record<string, string> = {}, failSet = false) {
  const values = new Map(Object.entries(initial));
  const plugin: SecureStoragePlugin = {
    get: async ({ key }) => {
      const value = values.get(key);
      if (value === undefined) throw new Error('Item with given key does not exist');
      return { value };
    },
    set: async ({ key, value }) => {
      if (failSet) throw new Error('Keystore unavailable');
      values.set(key, value);
    },
    remove: async ({ key }) => values.delete(key),
  };
  return { plugin, values };
}

const native = (secureStorage: SecureStoragePlugin | null): Platform =>
  fakePlatform({ isNative: true, secureStorage });
const browser: Platform = fakePlatform();

afterEach(async () => {
  await loadNativeSession(browser);
  await saveSessionToken(null);
  vi.restoreAllMocks();
});

describe('the native app’s session (docs/decisions/026)', () => {
  it('reads the saved token at start-up and sends it as Bearer; a browser uses the cookie', async () => {
    const { plugin } = fakeStorage({ [SESSION_TOKEN_KEY]: 'tok-1' });
    await loadNativeSession(native(plugin));
    expect(usesBearerSession()).toBe(true);
    expect(sessionBearerToken()).toBe('tok-1');
    expect(authorizationHeaders()).toEqual({ Authorization: 'Bearer tok-1' });

    await saveSessionToken(null);
    await loadNativeSession(browser);
    expect(usesBearerSession()).toBe(false);
    expect(authorizationHeaders()).toEqual({});
  });

  it('starts signed out when nothing is saved', async () => {
    await loadNativeSession(native(fakeStorage().plugin));
    expect(sessionBearerToken()).toBeNull();
    expect(usesBearerSession()).toBe(true);
  });

  it('saves and forgets the token in secure storage', async () => {
    const { plugin, values } = fakeStorage();
    await loadNativeSession(native(plugin));
    await saveSessionToken('tok-2');
    expect(values.get(SESSION_TOKEN_KEY)).toBe('tok-2');
    await saveSessionToken(null);
    expect(values.has(SESSION_TOKEN_KEY)).toBe(false);
    expect(sessionBearerToken()).toBeNull();
  });

  it('keeps the token in memory and logs when secure storage fails, never failing the sign-in', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await loadNativeSession(native(fakeStorage({}, true).plugin));
    await expect(saveSessionToken('tok-3')).resolves.toBeUndefined();
    expect(sessionBearerToken()).toBe('tok-3');
    expect(logged).toHaveBeenCalledOnce();
  });

  it('uses a Bearer token on a native shell without the storage plugin (memory only)', async () => {
    await loadNativeSession(native(null));
    expect(usesBearerSession()).toBe(true);
    await saveSessionToken('tok-4');
    expect(authorizationHeaders()).toEqual({ Authorization: 'Bearer tok-4' });
  });

  it('reads VITE_API_ORIGIN as an origin, and links use it in the app', () => {
    expect(readApiOrigin('https://rally.example/')).toBe('https://rally.example');
    expect(readApiOrigin(' https://rally.example:8443/x ')).toBe('https://rally.example:8443');
    expect(readApiOrigin('not a url')).toBe('');
    expect(readApiOrigin(undefined)).toBe('');
    expect(publicOrigin('https://rally.example')).toBe('https://rally.example');
    expect(publicOrigin('')).toBe(window.location.origin);
  });
});
