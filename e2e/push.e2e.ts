import type { Browser, Page } from 'playwright-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  api,
  baseUrl,
  completeSignIn,
  launchBrowser,
  newLocalPhone,
  newPhoneContext,
  waitForServiceWorker,
  watchErrors,
} from './browser.ts';
import { installNativeShell, nativeCalls, tapNotification } from './native-shell.ts';

// Push notifications on a device (docs/decisions/029): the browser's service
// worker shows a Web Push message and opens its page on a click; the native
// app registers its FCM token for the session and opens a tapped
// notification's page.

let browser: Browser;
let db: pg.Client;
beforeAll(async () => {
  browser = await launchBrowser();
  db = new pg.Client({ connectionString: inject('databaseUrl') });
  await db.connect();
  // The native app's start runs the live-update check: no recommended package
  // from an earlier test file (the fake would fetch it from the page).
  await db.query(`delete from config where key = 'client'`);
});
afterAll(async () => {
  await db?.end();
  await browser?.close();
});

/** The push subscriptions stored for the user with phone `e164`. */
async function subscriptionsOf(e164: string) {
  const { rows } = await db.query(
    `select s.transport, s.token, s.device_id from push_subscriptions s
       join users u on u.id = s.user_id where u.phone_number = $1`,
    [e164],
  );
  return rows as { transport: string; token: string | null; device_id: string | null }[];
}

/**
 * A coach with an open program and a parent whose child joined it; the
 * parent writes to the program, so the coach has an in-app notification of
 * the message. Answers the coach's page (service workers allowed,
 * notifications granted) and that notification's path (the thread).
 */
async function coachWithAMessage(): Promise<{
  coach: Page;
  close: () => Promise<void>;
  path: string;
}> {
  const coach = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'allow',
  });
  await coach.grantPermissions(['notifications'], { origin: baseUrl() });
  const page = await coach.newPage();
  await page.goto('/auth/login');
  await completeSignIn(page, newLocalPhone(), 'Coach Pushpa');
  const { org } = await api<{ org: { id: string } }>(page, 'POST', '/api/orgs', {
    name: 'Push Cricket Club',
  });
  const { program } = await api<{ program: { id: string } }>(
    page,
    'POST',
    `/api/orgs/${org.id}/programs`,
    { name: 'Push juniors', timeZone: 'Asia/Kolkata' },
  );
  await api(page, 'PATCH', `/api/programs/${program.id}`, { joinPolicy: 'open' });

  const parent = await newPhoneContext(browser);
  await parent.page.goto('/auth/login');
  await completeSignIn(parent.page, newLocalPhone(), 'Parent Priya');
  const { profile } = await api<{ profile: { id: string } }>(parent.page, 'POST', '/api/profiles', {
    displayName: 'Kiran Priya',
    relationship: 'guardian',
  });
  await api(parent.page, 'POST', `/api/programs/${program.id}/subscriptions`, {
    profileId: profile.id,
  });
  await api(
    parent.page,
    'POST',
    `/api/profiles/${profile.id}/conversations/${program.id}/messages`,
    {
      clientMessageId: 'e2e-push-message-1',
      body: 'Kiran will be late today.',
    },
  );
  await parent.context.close();
  const { notifications } = await api<{ notifications: { kind: string; path: string }[] }>(
    page,
    'GET',
    '/api/notifications',
  );
  const message = notifications.find((n) => n.kind === 'message');
  expect(message, 'the coach has a notification of the message').toBeDefined();
  return { coach: page, close: () => coach.close(), path: message!.path };
}

describe('Web Push in the browser (docs/decisions/029)', () => {
  it('a push delivered to the service worker shows the notification, and a click opens the thread', async () => {
    const { coach: page, close, path } = await coachWithAMessage();
    const errors = watchErrors(page);
    // The offline shell's service worker, controlling the page (it imports push-sw.js).
    await waitForServiceWorker(page);
    await page.goto('/account');
    await page
      .getByText('Notifications are on for this device.')
      .or(page.getByRole('button', { name: 'Allow notifications' }))
      .first()
      .waitFor();

    // What a push service delivers, without one (Chromium's DevTools Protocol).
    const cdp = await page.context().newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const live = registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(baseUrl()));
        if (live) resolve(live.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: baseUrl(),
      registrationId: await registrationId,
      data: JSON.stringify({
        title: 'Parent Priya wrote about Kiran Priya',
        body: 'Tap to read it.',
        path,
        tag: 'message:e2e',
      }),
    });

    // The service worker showed it.
    const shown = async () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          data: n.data as unknown,
        }));
      });
    // The worker may have to start first (it stops when idle): on a busy
    // machine that outlasts expect.poll's default second.
    await expect.poll(shown, { timeout: 15_000 }).toEqual([
      {
        title: 'Parent Priya wrote about Kiran Priya',
        body: 'Tap to read it.',
        tag: 'message:e2e',
        data: { path },
      },
    ]);

    // A click on it (dispatched in the service worker as the system does) opens the thread.
    const [worker] = page.context().serviceWorkers();
    expect(worker, 'the service worker runs').toBeDefined();
    await worker!.evaluate(async () => {
      // The worker's globals (ServiceWorkerGlobalScope, NotificationEvent) are not in the DOM typings.
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration;
        dispatchEvent(event: Event): boolean;
      };
      const NotificationClick = (globalThis as unknown as Record<string, unknown>)
        .NotificationEvent as new (type: string, init: { notification: Notification }) => Event;
      const [notification] = await scope.registration.getNotifications();
      scope.dispatchEvent(
        new NotificationClick('notificationclick', { notification: notification! }),
      );
    });
    await page.waitForURL((url) => url.pathname === path);
    await page.getByRole('heading', { name: /Conversation with/ }).waitFor();
    await page.getByText('Kiran will be late today.').waitFor();
    await expect.poll(async () => (await shown()).length, { timeout: 15_000 }).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('push in the native app (docs/decisions/029)', () => {
  it('the push token is registered for the session, a tapped notification opens its page, and sign-out removes it', async () => {
    const { context, page } = await newPhoneContext(browser);
    const token = `e2e-fcm-${Date.now()}-abcdefghijklmnop`;
    await installNativeShell(context, { pushToken: token, deviceId: 'push-device-1' });
    const errors = watchErrors(page);
    const phone = newLocalPhone();
    await page.goto('/');
    await page.waitForURL(/\/auth\//);
    await completeSignIn(page, phone, 'Native Neha');
    const e164 = `+91${phone}`;
    await expect
      .poll(() => subscriptionsOf(e164))
      .toEqual([{ transport: 'fcm', token, device_id: 'push-device-1' }]);
    const calls = (await nativeCalls(page)).filter((c) => c.plugin === 'FirebaseMessaging');
    expect(calls.map((c) => c.method)).toEqual(
      expect.arrayContaining(['requestPermissions', 'getToken', 'addListener']),
    );

    // A tapped notification opens its page through the router.
    await tapNotification(page, { path: '/account' });
    await page.waitForURL((url) => url.pathname === '/account');

    // Sign-out ends the session, and its push registration with it.
    await page.getByRole('button', { name: 'Sign out', exact: true }).first().click();
    await page.waitForURL(/\/auth\//);
    await expect.poll(() => subscriptionsOf(e164)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
