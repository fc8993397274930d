import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Platform } from '../../lib/platform';
import { fakePlatform } from '../../test/platform';
import { mockApi } from '../../test/api-mock';
import {
  currentPushState,
  disablePush,
  enablePush,
  pushSupport,
  PushUnavailableError,
  syncPushRegistration,
  type PushEnvironment,
} from './push';

const VAPID = `B${'A'.repeat(86)}`;
const browserPlatform: Platform = fakePlatform();

/** A browser with the Push API: `permission` and an optional existing subscription. */
function fakeBrowser(
  options: { permission?: NotificationPermission; subscribed?: boolean; userAgent?: string } = {},
) {
  let permission: NotificationPermission = options.permission ?? 'default';
  const unsubscribe = vi.fn(async () => true);
  const makeSubscription = () => ({
    endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
    // The key of VAPID below: 0x04 (an uncompressed point), then zeros.
    options: {
      applicationServerKey: Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : 0)).buffer,
    },
    toJSON: () => ({
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      keys: { p256dh: `B${'p'.repeat(86)}`, auth: 'a'.repeat(22) },
    }),
    unsubscribe,
  });
  let subscription: ReturnType<typeof makeSubscription> | null = options.subscribed
    ? makeSubscription()
    : null;
  const subscribe = vi.fn(async () => (subscription = makeSubscription()));
  const registration = {
    pushManager: { getSubscription: async () => subscription, subscribe },
  };
  const env = {
    navigator: {
      userAgent: options.userAgent ?? 'Mozilla/5.0 (X11; Linux x86_64) Chrome/141',
      maxTouchPoints: 0,
      serviceWorker: {
        ready: Promise.resolve(registration),
        getRegistration: async () => registration,
      },
    },
    window: {
      matchMedia: () => ({ matches: false }),
      PushManager: class {},
      Notification: {
        get permission() {
          return permission;
        },
        requestPermission: vi.fn(async () => {
          permission = options.permission === 'denied' ? 'denied' : 'granted';
          return permission;
        }),
      },
    },
  } as unknown as PushEnvironment;
  return { env, subscribe, unsubscribe };
}

/** Records the bodies of PUT and DELETE /api/push/subscription; GET config answers `vapid`. */
function pushApi(vapid: string | null = VAPID) {
  const requests = mockApi({
    'GET /api/push/config': { vapidPublicKey: vapid },
    'PUT /api/push/subscription': () => new Response(null, { status: 204 }),
    'DELETE /api/push/subscription': () => new Response(null, { status: 204 }),
  });
  return {
    get puts() {
      return requests.filter((r) => r.method === 'PUT').map((r) => r.body);
    },
    deletes: () => requests.filter((r) => r.method === 'DELETE').length,
  };
}

afterEach(() => vi.restoreAllMocks());

describe('push on this device (docs/decisions/029)', () => {
  it('knows where push can work', () => {
    expect(pushSupport(browserPlatform, fakeBrowser().env)).toBe('web');
    const iphone = fakeBrowser({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0) Safari' });
    expect(pushSupport(browserPlatform, iphone.env)).toBe('install-first');
    const native = { ...browserPlatform, isNative: true };
    expect(pushSupport(native, fakeBrowser().env)).toBe('unsupported');
  });

  it('turns on in a browser: asks permission, subscribes with the VAPID key, stores it for the session', async () => {
    const { env, subscribe } = fakeBrowser();
    const api = pushApi();
    expect(await currentPushState(browserPlatform, env)).toBe('off');
    expect(await enablePush(browserPlatform, env)).toBe('on');
    expect(subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
    expect(api.puts).toEqual([
      {
        transport: 'webpush',
        endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
        keys: { p256dh: `B${'p'.repeat(86)}`, auth: 'a'.repeat(22) },
      },
    ]);
    expect(await currentPushState(browserPlatform, env)).toBe('on');
  });

  it('stores nothing when permission is refused, and says the server sends none', async () => {
    const denied = fakeBrowser({ permission: 'denied' });
    const api = pushApi();
    expect(await enablePush(browserPlatform, denied.env)).toBe('blocked');
    expect(api.puts).toEqual([]);
    pushApi(null);
    await expect(enablePush(browserPlatform, fakeBrowser().env)).rejects.toBeInstanceOf(
      PushUnavailableError,
    );
  });

  it('turns off: unsubscribes and removes the session’s subscription', async () => {
    const { env, unsubscribe } = fakeBrowser({ permission: 'granted', subscribed: true });
    const api = pushApi();
    await disablePush(env);
    expect(unsubscribe).toHaveBeenCalled();
    expect(api.deletes()).toBe(1);
  });

  it('after sign-in, stores an existing subscription again but never subscribes or asks unasked', async () => {
    const api = pushApi();
    const existing = fakeBrowser({ permission: 'granted', subscribed: true });
    await syncPushRegistration(browserPlatform, existing.env);
    expect(api.puts).toHaveLength(1);
    const none = fakeBrowser({ permission: 'granted' });
    await syncPushRegistration(browserPlatform, none.env);
    expect(none.subscribe).not.toHaveBeenCalled();
    const unasked = fakeBrowser();
    await syncPushRegistration(browserPlatform, unasked.env);
    expect(unasked.env.window.Notification.requestPermission).not.toHaveBeenCalled();
    expect(api.puts).toHaveLength(1);
    // The server's VAPID key changed: the old subscription is replaced by one for the new key.
    pushApi(`B${'Q'.repeat(86)}`);
    await syncPushRegistration(browserPlatform, existing.env);
    expect(existing.unsubscribe).toHaveBeenCalled();
    expect(existing.subscribe).toHaveBeenCalled();
  });

  it('in the app, asks once after the first sign-in, then registers the FCM token with the device id', async () => {
    const api = pushApi();
    const messaging = {
      checkPermissions: vi.fn(async () => ({ receive: 'prompt' })),
      requestPermissions: vi.fn(async () => ({ receive: 'granted' })),
      getToken: vi.fn(async () => ({ token: 'fcm-token-abcdefghijklmnop' })),
      deleteToken: async () => undefined,
      addListener: () => ({ remove: () => undefined }),
    };
    const device = { getId: async () => ({ identifier: 'dev-1' }), getInfo: async () => ({}) };
    const app: Platform = { ...browserPlatform, isNative: true, messaging, device };
    const stored = new Map<string, string>();
    const env = fakeBrowser().env;
    Object.assign(env.window, {
      localStorage: {
        getItem: (key: string) => stored.get(key) ?? null,
        setItem: (key: string, value: string) => void stored.set(key, value),
      },
    });
    await syncPushRegistration(app, env);
    expect(messaging.requestPermissions).toHaveBeenCalledTimes(1);
    expect(api.puts).toEqual([
      { transport: 'fcm', token: 'fcm-token-abcdefghijklmnop', deviceId: 'dev-1' },
    ]);
    // Dismissed (still `prompt`): the next start does not ask again, and the account page only checks.
    await syncPushRegistration(app, env);
    expect(await currentPushState(app, env)).toBe('off');
    expect(messaging.requestPermissions).toHaveBeenCalledTimes(1);
    // Allowed in the system's settings: registered at the next start.
    messaging.checkPermissions.mockResolvedValue({ receive: 'granted' });
    await syncPushRegistration(app, env);
    expect(api.puts).toHaveLength(2);
    messaging.requestPermissions.mockResolvedValue({ receive: 'denied' });
    expect(await enablePush(app, env)).toBe('blocked');
    expect(api.puts).toHaveLength(2);
  });
});
