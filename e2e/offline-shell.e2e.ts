import { DateTime } from 'luxon';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  baseUrl,
  completeSignIn,
  launchBrowser,
  newLocalPhone,
  waitForServiceWorker,
} from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Uncaught page errors (a blank white page starts with one). */
function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** The query keys of the answers the app saved in IndexedDB (app/query-persistence.ts). */
async function savedQueryKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('keyval-store');
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('keyval')) return resolve([]);
          const read = db.transaction('keyval').objectStore('keyval').get('rally.queries');
          read.onerror = () => resolve([]);
          read.onsuccess = () => {
            const saved = read.result as
              { clientState: { queries: { queryKey: unknown[] }[] } } | undefined;
            resolve(saved ? saved.clientState.queries.map((q) => JSON.stringify(q.queryKey)) : []);
            db.close();
          };
        };
      }),
  );
}

/** The saved answer of `queryKey` (JSON text of its data), or undefined while none is saved. */
async function savedQueryData(page: Page, queryKey: unknown[]): Promise<string | undefined> {
  return page.evaluate(
    (key) =>
      new Promise<string | undefined>((resolve) => {
        const open = indexedDB.open('keyval-store');
        open.onerror = () => resolve(undefined);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('keyval')) return resolve(undefined);
          const read = db.transaction('keyval').objectStore('keyval').get('rally.queries');
          read.onerror = () => resolve(undefined);
          read.onsuccess = () => {
            const saved = read.result as
              | { clientState: { queries: { queryKey: unknown[]; state: { data: unknown } }[] } }
              | undefined;
            const query = saved?.clientState.queries.find(
              (q) => JSON.stringify(q.queryKey) === key,
            );
            resolve(query ? JSON.stringify(query.state.data) : undefined);
            db.close();
          };
        };
      }),
    JSON.stringify(queryKey),
  );
}

describe('the offline app shell (docs/decisions/017)', () => {
  it('opens offline after a reload with the last known home and roster; a mark queues and syncs back online', async () => {
    const parentPhone = newLocalPhone();

    // The coach: a program, a child on it (guardian: the parent), and a session in an hour.
    const coach = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 390, height: 844 },
      serviceWorkers: 'allow',
    });
    const page = await coach.newPage();
    const pageErrors = watchPageErrors(page);
    await page.goto('/auth/login');
    await completeSignIn(page, newLocalPhone(), 'Coach Ravi');
    const { org } = await api<{ org: { id: string } }>(page, 'POST', '/api/orgs', {
      name: 'Lalbagh Football Club',
    });
    const { program } = await api<{ program: { id: string } }>(
      page,
      'POST',
      `/api/orgs/${org.id}/programs`,
      { name: 'Under-10s', timeZone: 'Asia/Kolkata' },
    );
    const { feePlan } = await api<{ feePlan: { id: string } }>(
      page,
      'POST',
      `/api/programs/${program.id}/fee-plans`,
      {
        name: 'Monthly',
        priceMinor: 150000,
        currency: 'INR',
        billing: 'pack',
        sessionsIncluded: 8,
      },
    );
    await api(page, 'POST', `/api/programs/${program.id}/subscriptions`, {
      newProfile: { displayName: 'Anaya Iyer', guardianPhone: parentPhone },
      planId: feePlan.id,
    });
    const start = DateTime.now().setZone('Asia/Kolkata').plus({ hours: 1 }).startOf('hour');
    const { event } = await api<{ event: { id: string } }>(
      page,
      'POST',
      `/api/programs/${program.id}/events`,
      {
        title: 'Sideline drills',
        startLocal: start.toFormat("yyyy-MM-dd'T'HH:mm"),
        endLocal: start.plus({ minutes: 60 }).toFormat("yyyy-MM-dd'T'HH:mm"),
      },
    );
    const attendancePath = `/programs/${program.id}/events/${event.id}/attendance`;

    // Online once: the service worker installs and today's roster is saved on the device.
    await page.goto(attendancePath);
    await waitForServiceWorker(page);
    await page.getByRole('button', { name: 'Mark Anaya Iyer present' }).waitFor();
    await expect
      .poll(() => savedQueryKeys(page))
      .toContain(JSON.stringify(['programs', program.id, 'event', event.id, 'attendance']));

    // No network: the app still opens, with the roster as last seen, marked as offline.
    await coach.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Attendance: Sideline drills' }).waitFor();
    await page.getByText(/^Offline — showing what was saved at /).waitFor();
    await page.getByRole('button', { name: 'Mark Anaya Iyer present' }).click();
    await page.getByText("Offline — 1 mark will sync when you're back online").waitFor();

    // Back online: the queued mark is sent by itself, once.
    await coach.setOffline(false);
    await expect.poll(() => page.getByText(/^Marked by Coach Ravi at /).count()).toBe(1);
    await expect.poll(() => page.getByText(/^Offline — showing/).count()).toBe(0);
    const attendance = await api<{ roster: { displayName: string; status: string | null }[] }>(
      page,
      'GET',
      `/api/programs/${program.id}/events/${event.id}/attendance`,
    );
    expect(attendance.roster.map((row) => [row.displayName, row.status])).toEqual([
      ['Anaya Iyer', 'present'],
    ]);
    expect(pageErrors).toEqual([]);
    await coach.close();

    // The parent: home seen once online, then opened with no network.
    const family = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 390, height: 844 },
      serviceWorkers: 'allow',
    });
    const parent = await family.newPage();
    const parentErrors = watchPageErrors(parent);
    await parent.goto('/auth/login');
    await completeSignIn(parent, parentPhone, 'Priya Iyer');
    // The coach's entry invited the parent to manage the child's profile: accepted on home.
    await parent
      .getByRole('region', { name: 'You have an invitation' })
      .getByRole('button', { name: /^Accept: / })
      .click();
    await parent.getByText("You now manage Anaya Iyer's profile.").waitFor();
    await waitForServiceWorker(parent);
    await parent.getByText('Sideline drills').first().waitFor();
    // Saves are throttled to one a second: wait for the home with the event
    // (the one saved before the invitation was accepted has none).
    await expect.poll(() => savedQueryData(parent, ['home'])).toContain('Sideline drills');

    await family.setOffline(true);
    await parent.reload();
    await parent.getByText(/^Offline — showing what was saved at /).waitFor();
    await parent.getByText('Sideline drills').first().waitFor();
    expect(parent.url()).toBe(`${baseUrl()}/`);
    expect(parentErrors).toEqual([]);
    await family.close();
  });

  it('a page never loaded before, opened offline, shows the offline state inside the layout and opens once back online', async () => {
    // No service worker: the first visit, or a browser without one.
    const context = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 390, height: 844 },
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    const pageErrors = watchPageErrors(page);
    await page.goto('/auth/login');
    await completeSignIn(page, newLocalPhone(), 'Kiran Rao');
    await page.getByRole('link', { name: 'Rally' }).waitFor();
    // The main layout's own code has downloaded (its menu button shows): only the
    // Account page's is new. Offline earlier, the layout's fallback (header and
    // plain navigation, no menu button) would show instead (layout-fallback.test.tsx).
    await page.getByRole('button', { name: 'Open navigation' }).waitFor();

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('link', { name: 'Account' }).click();
    await page.waitForURL(/\/account$/);
    const offline = page.getByRole('alert').filter({ hasText: "You're offline" });
    await offline.waitFor();
    // Inside the layout: the header stays.
    expect(await page.getByRole('link', { name: 'Rally' }).isVisible()).toBe(true);

    await context.setOffline(false);
    await page.getByRole('heading', { name: 'Account', exact: true }).waitFor();
    expect(await offline.count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
