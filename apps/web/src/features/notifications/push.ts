import { pushRoutes } from '@rally/shared/api/push';
import type { PushSubscriptionInput } from '@rally/shared/push';
import { request } from '../../lib/api-request';
import type { Platform } from '../../lib/platform';

// Push notifications on this device (DESIGN.md §8, docs/decisions/029): a
// browser subscribes with Web Push (the server's VAPID key), the native app
// registers its FCM token; either is stored for the current session
// (`PUT /api/push/subscription`), which the server drops at sign-out.

/**
 * Whether this device can receive Rally's pushes:
 * - `native`: the app, with the FirebaseMessaging plugin;
 * - `web`: a browser with service workers, the Push API and notifications;
 * - `install-first`: Safari on iPhone or iPad outside an installed web app
 *   (iOS delivers Web Push only to web apps added to the Home Screen);
 * - `unsupported`: anything else.
 */
export type PushSupport = 'native' | 'web' | 'install-first' | 'unsupported';

/** Where this device stands: not asked yet, allowed (and registered), or refused. */
export type PushState = 'off' | 'on' | 'blocked';

/** The browser objects push needs, for tests. */
export interface PushEnvironment {
  navigator: Navigator;
  window: Window & typeof globalThis;
}

const defaultEnvironment = (): PushEnvironment => ({ navigator, window });

/** {@link PushSupport} of this device. */
export function pushSupport(platform: Platform, env = defaultEnvironment()): PushSupport {
  if (platform.isNative) return platform.messaging ? 'native' : 'unsupported';
  const { navigator: nav, window: win } = env;
  const isAppleMobile =
    /iP(hone|ad|od)/.test(nav.userAgent) ||
    (nav.userAgent.includes('Macintosh') && nav.maxTouchPoints > 1);
  const isStandalone =
    win.matchMedia?.('(display-mode: standalone)').matches === true ||
    (nav as Navigator & { standalone?: boolean }).standalone === true;
  const hasApis = 'serviceWorker' in nav && 'PushManager' in win && 'Notification' in win;
  if (isAppleMobile && !isStandalone) return 'install-first';
  return hasApis ? 'web' : 'unsupported';
}

/** Thrown when the server sends no Web Push (`GET /api/push/config` answered no VAPID key). */
export class PushUnavailableError extends Error {
  constructor() {
    super('This Rally server does not send push notifications to browsers.');
    this.name = 'PushUnavailableError';
  }
}

/** The base64url VAPID key as the bytes `pushManager.subscribe` takes. */
function keyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const current = subscription.options.applicationServerKey;
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((byte, i) => byte === key[i]);
}

/**
 * Thrown when no service worker runs in this browser yet (it installs
 * after the first visit; never on the development server): push needs it.
 */
export class ServiceWorkerNotReadyError extends Error {
  constructor() {
    super('The offline app is not installed in this browser yet.');
    this.name = 'ServiceWorkerNotReadyError';
  }
}

/** How long to wait for the service worker before giving up, ms. */
const SERVICE_WORKER_WAIT_MS = 10_000;

async function serviceWorker(nav: Navigator): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ServiceWorkerNotReadyError()), SERVICE_WORKER_WAIT_MS);
  });
  try {
    return await Promise.race([nav.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * This browser's Web Push subscription for the server's current VAPID key
 * (an existing one for another key is replaced), stored for this session.
 * Needs notification permission already granted. With `create` false a
 * browser without a subscription stays without one (one for an old key is
 * still replaced). Throws
 * {@link PushUnavailableError} when the server sends no Web Push,
 * {@link ServiceWorkerNotReadyError} when no service worker runs within
 * 10 s, the browser's error when the
 * push service cannot be reached, `ApiError` when the server refuses.
 */
async function subscribeBrowser(env: PushEnvironment, create = true): Promise<void> {
  const { vapidPublicKey } = await request(pushRoutes.config, {});
  if (!vapidPublicKey) throw new PushUnavailableError();
  const key = keyBytes(vapidPublicKey);
  const registration = await serviceWorker(env.navigator);
  let subscription = await registration.pushManager.getSubscription();
  const hadOne = subscription !== null;
  if (subscription && !sameKey(subscription, key)) {
    // The server's key changed: the old subscription can no longer be sent to.
    await subscription.unsubscribe();
    subscription = null;
  }
  if (!hadOne && !create) return;
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  const json = subscription.toJSON();
  const body: PushSubscriptionInput = {
    transport: 'webpush',
    endpoint: json.endpoint ?? subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
  await request(pushRoutes.subscribe, { body });
}

/** Registers the app's FCM token for this session (`deviceId`: the Device plugin's id). */
async function registerNativeToken(platform: Platform): Promise<void> {
  const messaging = platform.messaging;
  if (!messaging) throw new PushUnavailableError();
  const { token } = await messaging.getToken();
  const id = await platform.device?.getId().catch(() => null);
  const deviceId = id?.identifier ?? undefined;
  const body: PushSubscriptionInput = {
    transport: 'fcm',
    token,
    ...(deviceId ? { deviceId } : {}),
  };
  await request(pushRoutes.subscribe, { body });
}

/**
 * The device's current {@link PushState} without asking anything: the
 * browser's notification permission (`default` -> off, `denied` ->
 * blocked, `granted` -> on when it has a push subscription); in the app,
 * the plugin's permission.
 */
export async function currentPushState(
  platform: Platform,
  env = defaultEnvironment(),
): Promise<PushState> {
  const support = pushSupport(platform, env);
  if (support === 'native') {
    const { receive } = await platform.messaging!.checkPermissions();
    return receive === 'granted' ? 'on' : receive === 'denied' ? 'blocked' : 'off';
  }
  if (support !== 'web') return 'off';
  const permission = env.window.Notification.permission;
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'off';
  const registration = await env.navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ? 'on' : 'off';
}

/**
 * Turns pushes on for this device, asking the person's permission first
 * (a browser's prompt, or the system's in the app), and registers the
 * subscription or token for this session. Answers the state reached:
 * `blocked` when permission was refused (nothing registered), `off` when
 * the prompt was dismissed, `on` when registered. Throws as
 * {@link subscribeBrowser}.
 */
export async function enablePush(
  platform: Platform,
  env = defaultEnvironment(),
): Promise<PushState> {
  const support = pushSupport(platform, env);
  if (support === 'native') {
    const { receive } = await platform.messaging!.requestPermissions();
    if (receive !== 'granted') return receive === 'denied' ? 'blocked' : 'off';
    await registerNativeToken(platform);
    return 'on';
  }
  if (support !== 'web') throw new PushUnavailableError();
  const permission = await env.window.Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'blocked' : 'off';
  await subscribeBrowser(env);
  return 'on';
}

/**
 * Turns pushes off for this browser: unsubscribes from the push service
 * and removes the session's subscription (`DELETE /api/push/subscription`).
 * The app turns them off in the system's settings instead.
 */
export async function disablePush(env = defaultEnvironment()): Promise<void> {
  const registration = await env.navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  await subscription?.unsubscribe();
  await request(pushRoutes.unsubscribe, {});
}

/**
 * Registers this device for the signed-in session (after sign-in, and at
 * each start): a browser's existing subscription (kept across sign-outs; a
 * browser without one subscribes from the account page; nothing is
 * asked), or the app's token where its permission is granted (the
 * system's prompt is shown once per device, after the first sign-in; later
 * only "Allow notifications" on the account page asks). Never
 * rejects: a failure is logged, and the account page offers to try again.
 */
export async function syncPushRegistration(
  platform: Platform,
  env = defaultEnvironment(),
): Promise<void> {
  try {
    const support = pushSupport(platform, env);
    if (support === 'native') {
      const messaging = platform.messaging!;
      let { receive } = await messaging.checkPermissions();
      // The system's prompt once per device, after the first sign-in; then only from the account page.
      if (receive === 'prompt' && !wasAsked(env)) {
        markAsked(env);
        ({ receive } = await messaging.requestPermissions());
      }
      if (receive === 'granted') await registerNativeToken(platform);
      return;
    }
    if (support !== 'web' || env.window.Notification.permission !== 'granted') return;
    await subscribeBrowser(env, false);
  } catch (error) {
    if (error instanceof PushUnavailableError || error instanceof ServiceWorkerNotReadyError)
      return;
    console.error('Push notifications could not be set up on this device', error);
  }
}

/** The localStorage key saying the app already showed the system's notification prompt. */
const ASKED_KEY = 'rally.pushAsked';

function wasAsked(env: PushEnvironment): boolean {
  try {
    return env.window.localStorage.getItem(ASKED_KEY) === '1';
  } catch {
    return true;
  }
}

function markAsked(env: PushEnvironment): void {
  try {
    env.window.localStorage.setItem(ASKED_KEY, '1');
  } catch {
    // Without storage the app asks again at the next sign-in: the system decides whether to show it.
  }
}
