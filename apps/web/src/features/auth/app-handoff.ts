import { APP_REDIRECT_URI } from '@rally/shared/app-links';
import { publicOrigin } from '../../lib/native-session';
import type { Platform } from '../../lib/platform';

// The native app's side of the sign-in handoff (DESIGN.md §3, RFC 8252 with
// PKCE, RFC 7636; docs/decisions/024 and 028): the app opens
// `/auth/init-app-auth` in the system browser with a S256 challenge and a
// `state`, the page signs in there and sends the browser to
// `app.rally:/auth/callback?token=...&state=...`, which opens the app; the
// app checks `state`, then exchanges the token with its verifier
// (`POST /api/auth/token`) on the sign-in link page.

/**
 * A handoff the app started: the `state` it sent, the PKCE verifier it
 * keeps, where to go once signed in (`?redirect=`, or null for home) and
 * when it started (epoch ms). Kept in secure storage, so an app the system
 * stopped while the browser was open still finishes when the link starts it
 * again.
 */
export interface PendingAppHandoff {
  state: string;
  codeVerifier: string;
  redirect: string | null;
  startedAt: number;
}

/** The secure-storage key of the {@link PendingAppHandoff}. */
export const APP_HANDOFF_KEY = 'rally.appHandoff';

/**
 * How long a started handoff may take: 10 minutes to sign in in the browser
 * (the token it returns lives 2 minutes more, checked by the server).
 */
export const APP_HANDOFF_MAX_AGE_MS = 10 * 60_000;

/** Why {@link finishAppHandoff} refused a return: no handoff of that `state`, too old, or no token. */
export type AppHandoffRefusal = 'unknown' | 'expired' | 'incomplete';

/** What {@link finishAppHandoff} answers. */
export type AppHandoffResult =
  | { ok: true; customToken: string; redirect: string | null }
  | { ok: false; reason: AppHandoffRefusal };

/** `bytes` in base64url without padding (RFC 4648 §5). */
function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** `byteCount` random bytes from the CSPRNG, base64url (32 bytes -> 43 characters). */
function randomText(byteCount: number): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(byteCount)));
}

/** The S256 code challenge of `verifier`: BASE64URL(SHA-256(ASCII(verifier))) (RFC 7636 §4.2). */
export async function pkceChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64Url(new Uint8Array(digest));
}

/** The handoff page's address on Rally's public origin, for `challenge` and `state`. */
export function appHandoffUrl(challenge: string, state: string, origin = publicOrigin()): string {
  const query = new URLSearchParams({
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
    redirect_uri: APP_REDIRECT_URI,
  });
  return `${origin}/auth/init-app-auth?${query.toString()}`;
}

// Without secure storage (an old shell) the handoff survives only while the app runs.
let inMemory: PendingAppHandoff | null = null;

async function savePending(platform: Platform, pending: PendingAppHandoff | null): Promise<void> {
  inMemory = pending;
  const storage = platform.secureStorage;
  if (!storage) return;
  try {
    if (pending) await storage.set({ key: APP_HANDOFF_KEY, value: JSON.stringify(pending) });
    else await storage.remove({ key: APP_HANDOFF_KEY });
  } catch (error) {
    // Kept in memory: the handoff works unless the system stops the app meanwhile.
    console.error('The sign-in in progress could not be saved on this device', error);
  }
}

async function readPending(platform: Platform): Promise<PendingAppHandoff | null> {
  const storage = platform.secureStorage;
  if (!storage) return inMemory;
  try {
    const { value } = await storage.get({ key: APP_HANDOFF_KEY });
    const parsed = JSON.parse(value) as Partial<PendingAppHandoff>;
    if (
      typeof parsed.state !== 'string' ||
      typeof parsed.codeVerifier !== 'string' ||
      typeof parsed.startedAt !== 'number'
    ) {
      return inMemory;
    }
    return {
      state: parsed.state,
      codeVerifier: parsed.codeVerifier,
      redirect: typeof parsed.redirect === 'string' ? parsed.redirect : null,
      startedAt: parsed.startedAt,
    };
  } catch {
    // The plugin rejects when nothing is stored.
    return inMemory;
  }
}

/**
 * Starts signing the app in through the browser: makes a 43-character
 * verifier and a `state` (CSPRNG), keeps them ({@link PendingAppHandoff},
 * replacing any earlier handoff), and opens {@link appHandoffUrl} in the
 * system browser (`Browser.open`). `redirect` is where the app goes once
 * signed in. Throws when the shell has no Browser plugin or cannot open it
 * (the caller offers phone sign-in instead).
 */
export async function startAppHandoff(
  platform: Platform,
  redirect: string | null,
  now = Date.now(),
): Promise<void> {
  const browser = platform.browser;
  if (!browser) throw new Error('This version of the app cannot open the browser.');
  const codeVerifier = randomText(32);
  const state = randomText(16);
  await savePending(platform, { state, codeVerifier, redirect, startedAt: now });
  await browser.open({ url: appHandoffUrl(await pkceChallenge(codeVerifier), state) });
}

// Verifiers of returned tokens, by token, until the exchange succeeds.
const verifiers = new Map<string, string>();

/**
 * Finishes a handoff from its return's query (`token`, `state`): refuses a
 * `state` the app did not start (`unknown`; a link from elsewhere, or a
 * handoff already finished), one older than {@link APP_HANDOFF_MAX_AGE_MS}
 * (`expired`) or a return without a token (`incomplete`); otherwise forgets
 * the pending handoff, keeps the verifier for {@link codeVerifierFor} and
 * answers the token and the redirect. Closes the browser tab either way.
 */
export async function finishAppHandoff(
  platform: Platform,
  query: URLSearchParams,
  now = Date.now(),
): Promise<AppHandoffResult> {
  void platform.browser?.close().catch(() => undefined);
  const pending = await readPending(platform);
  const state = query.get('state');
  const customToken = query.get('token');
  if (!pending || state === null || state !== pending.state)
    return { ok: false, reason: 'unknown' };
  await savePending(platform, null);
  if (now - pending.startedAt > APP_HANDOFF_MAX_AGE_MS) return { ok: false, reason: 'expired' };
  if (!customToken) return { ok: false, reason: 'incomplete' };
  verifiers.set(customToken, pending.codeVerifier);
  return { ok: true, customToken, redirect: pending.redirect };
}

/** The PKCE verifier of a handoff's returned `customToken`, undefined for any other token (a sign-in link). */
export function codeVerifierFor(customToken: string): string | undefined {
  return verifiers.get(customToken);
}

/** Forgets the verifier of `customToken` once it was exchanged. */
export function forgetCodeVerifier(customToken: string): void {
  verifiers.delete(customToken);
}
