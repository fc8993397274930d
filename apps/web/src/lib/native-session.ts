// Part of the boot step's small chunk (main.tsx, early-requests.ts): import
// nothing heavy here. How the native app reaches the API (DESIGN.md §8,
// docs/decisions/026): its web view's origin is https://localhost or
// capacitor://localhost, so it calls the API's absolute origin, baked in at
// build (`VITE_API_ORIGIN`, apps/mobile/scripts/web-bundle.mjs), and signs
// in with a Bearer token kept in the platform's secure storage (the
// Keychain on iOS, the Keystore on Android), never in localStorage.
import type { Platform, SecureStoragePlugin } from './platform';

/**
 * The API's origin, e.g. `https://rally.example`: set in the native app's
 * build, empty in the browser's (the API is on the page's own origin).
 */
export const API_ORIGIN: string = readApiOrigin(import.meta.env.VITE_API_ORIGIN);

/** `VITE_API_ORIGIN` as an origin without a trailing slash; '' when unset or not a URL. */
export function readApiOrigin(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') return '';
  try {
    return new URL(value.trim()).origin;
  } catch {
    return '';
  }
}

/** The key of the session token in the secure storage plugin. */
export const SESSION_TOKEN_KEY = 'rally.session';

/** The absolute URL of API path `path` (`/api/...`): on {@link API_ORIGIN} in the app, as is in a browser. */
export function apiUrl(path: string, origin = API_ORIGIN): string {
  return origin + path;
}

let token: string | null = null;
let storage: SecureStoragePlugin | null = null;
let loaded: Promise<void> = Promise.resolve();

/**
 * Reads the session token saved on the device, once, at start-up of the
 * native app (a browser keeps its session in the HttpOnly cookie and has
 * nothing to read). {@link whenSessionLoaded} resolves once it is read; a
 * storage that fails (or holds nothing) leaves the app signed out. Call
 * before any API request.
 */
export function loadNativeSession(platform: Platform): Promise<void> {
  storage = platform.isNative ? platform.secureStorage : null;
  if (!storage) return loaded;
  const plugin = storage;
  loaded = plugin
    .get({ key: SESSION_TOKEN_KEY })
    .then(({ value }) => {
      token = typeof value === 'string' && value !== '' ? value : null;
    })
    .catch(() => {
      // The plugin rejects when the key does not exist: signed out.
      token = null;
    });
  return loaded;
}

/** Resolves once {@link loadNativeSession}'s reading is done (at once in a browser). */
export function whenSessionLoaded(): Promise<void> {
  return loaded;
}

/** Whether sign-in should deliver a Bearer token (the native app) instead of the cookie (a browser). */
export function usesBearerSession(): boolean {
  return storage !== null;
}

/** The Bearer token of the signed-in native app, null in a browser or signed out. */
export function sessionBearerToken(): string | null {
  return token;
}

/** The `Authorization` header for API requests: the Bearer token in the app, none in a browser. */
export function authorizationHeaders(): Record<string, string> {
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/**
 * Keeps the app's session token (null: forgets it) in memory and in secure
 * storage. Rejects when the storage fails to save it (the app then stays
 * signed in only until it is closed).
 */
export async function saveSessionToken(value: string | null): Promise<void> {
  token = value;
  if (!storage) return;
  if (value) await storage.set({ key: SESSION_TOKEN_KEY, value });
  else await storage.remove({ key: SESSION_TOKEN_KEY }).catch(() => undefined);
}
