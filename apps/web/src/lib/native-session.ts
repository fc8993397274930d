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

/**
 * The origin of Rally's own pages, for links people share or open
 * elsewhere (a program's join page, a sign-in link, a calendar feed): the
 * API's origin in the native app (one server serves both), whose web view's
 * own origin (`https://localhost`) means nothing outside it; else this
 * page's origin.
 */
export function publicOrigin(origin = API_ORIGIN): string {
  return origin || window.location.origin;
}

/** The key of the session token in the secure storage plugin. */
export const SESSION_TOKEN_KEY = 'rally.session';

/** The absolute URL of API path `path` (`/api/...`): on {@link API_ORIGIN} in the app, as is in a browser. */
export function apiUrl(path: string, origin = API_ORIGIN): string {
  return origin + path;
}

let token: string | null = null;
let isNativeSession = false;
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
  isNativeSession = platform.isNative || API_ORIGIN !== '';
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

/**
 * Whether sign-in should deliver a Bearer token instead of the cookie: in
 * the native app, or whenever the API is on another origin (a cookie would
 * not flow there), even when the shell has no secure storage plugin (the
 * token is then kept in memory only).
 */
export function usesBearerSession(): boolean {
  return isNativeSession;
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
 * storage. Never rejects: when the storage fails, the failure is logged and
 * the token is kept in memory only (the app stays signed in until it is
 * closed), so a sign-in the server completed is not shown as failed.
 */
export async function saveSessionToken(value: string | null): Promise<void> {
  token = value;
  if (!storage) return;
  try {
    if (value) await storage.set({ key: SESSION_TOKEN_KEY, value });
    else await storage.remove({ key: SESSION_TOKEN_KEY });
  } catch (error) {
    console.error('The session could not be saved on this device', error);
  }
}
