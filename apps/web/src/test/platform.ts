import type { Platform } from '../lib/platform';

/**
 * A {@link Platform} for tests: a browser with no native plugin, unless
 * `overrides` says otherwise (e.g. `{ isNative: true, liveUpdate: plugin }`).
 */
export function fakePlatform(overrides: Partial<Platform> = {}): Platform {
  return {
    isNative: false,
    liveUpdate: null,
    device: null,
    secureStorage: null,
    app: null,
    browser: null,
    messaging: null,
    ...overrides,
  };
}
