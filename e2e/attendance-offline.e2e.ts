import { DateTime } from 'luxon';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  completeSignIn,
  launchBrowser,
  newLocalPhone,
  newPhoneContext,
  watchErrors,
} from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

interface RosterRow {
  profileId: string;
  displayName: string;
  status: string | null;
  markedBy: { displayName: string } | null;
}

const CHILDREN = [
  'Aarav Shah',
  'Diya Menon',
  'Ishaan Rao',
  'Kabir Nair',
  'Meera Pillai',
  'Vihaan Das',
] as const;

describe('attendance at the ground', () => {
  it('a coach marks five of six offline on a phone; back online, the server holds exactly those marks, once', async () => {
    const { context, page } = await newPhoneContext(browser);
    const errors = watchErrors(page);

    // Setup through the API: a program with a 10-session pack, six children on it, and tonight's session.
    await page.goto('/auth/login');
    await completeSignIn(page, newLocalPhone(), 'Coach Meera');
    const { org } = await api<{ org: { id: string } }>(page, 'POST', '/api/orgs', {
      name: 'Cubbon Cricket Club',
    });
    const { program } = await api<{ program: { id: string } }>(
      page,
      'POST',
      `/api/orgs/${org.id}/programs`,
      { name: 'Under-12s', timeZone: 'Asia/Kolkata' },
    );
    const { feePlan } = await api<{ feePlan: { id: string } }>(
      page,
      'POST',
      `/api/programs/${program.id}/fee-plans`,
      {
        name: '10 sessions',
        priceMinor: 300000,
        currency: 'INR',
        billing: 'pack',
        sessionsIncluded: 10,
      },
    );
    const subscriptionOf = new Map<string, string>();
    for (const name of CHILDREN) {
      const { subscription } = await api<{ subscription: { id: string; profileId: string } }>(
        page,
        'POST',
        `/api/programs/${program.id}/subscriptions`,
        { newProfile: { displayName: name, guardianPhone: newLocalPhone() }, planId: feePlan.id },
      );
      subscriptionOf.set(name, subscription.id);
    }
    const start = DateTime.now().setZone('Asia/Kolkata').plus({ hours: 1 }).startOf('hour');
    const { event } = await api<{ event: { id: string } }>(
      page,
      'POST',
      `/api/programs/${program.id}/events`,
      {
        title: 'Evening training',
        startLocal: start.toFormat("yyyy-MM-dd'T'HH:mm"),
        endLocal: start.plus({ minutes: 90 }).toFormat("yyyy-MM-dd'T'HH:mm"),
      },
    );
    const attendancePath = `/programs/${program.id}/events/${event.id}/attendance`;

    await page.goto(attendancePath);
    await page.getByRole('heading', { name: 'Attendance: Evening training' }).waitFor();
    await page.getByRole('button', { name: 'Mark Vihaan Das present' }).waitFor();

    // The app shell is installed before the coach loses the connection (a
    // registration cut off mid-download would be logged by Chromium itself).
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });

    // At the ground without a connection: four taps for present, Meera late.
    await context.setOffline(true);
    for (const name of CHILDREN.slice(0, 4)) {
      await page.getByRole('button', { name: `Mark ${name} present` }).click();
    }
    await page.getByRole('button', { name: 'Mark Meera Pillai present' }).click();
    await page.getByRole('button', { name: 'Meera Pillai: Present. Change' }).click();
    await page
      .getByRole('radiogroup', { name: 'Attendance of Meera Pillai' })
      .getByText('Late', { exact: true })
      .click();
    await page.getByText("Offline — 5 marks will sync when you're back online").waitFor();
    await expect.poll(() => page.getByText('Waiting to sync').count()).toBe(5);

    // Back online: the outbox flushes by itself.
    await context.setOffline(false);
    await expect.poll(() => page.getByText(/will sync when you're back online/).count()).toBe(0);
    await expect.poll(() => page.getByText('Waiting to sync').count()).toBe(0);
    await expect.poll(() => page.getByText(/^Marked by Coach Meera at /).count()).toBe(5);

    // The server holds exactly those five marks, as tapped; the sixth is unmarked.
    const attendance = await api<{ roster: RosterRow[]; summary: Record<string, number> }>(
      page,
      'GET',
      `/api/programs/${program.id}/events/${event.id}/attendance`,
    );
    expect(
      Object.fromEntries(attendance.roster.map((row) => [row.displayName, row.status])),
    ).toEqual({
      'Aarav Shah': 'present',
      'Diya Menon': 'present',
      'Ishaan Rao': 'present',
      'Kabir Nair': 'present',
      'Meera Pillai': 'late',
      'Vihaan Das': null,
    });
    expect(attendance.summary).toEqual({
      present: 4,
      late: 1,
      absent: 0,
      excused: 0,
      unmarked: 1,
    });
    // ... once: each attended child used exactly one session of the pack.
    for (const name of CHILDREN) {
      const detail = await api<{ sessionUsages: { eventId: string }[] }>(
        page,
        'GET',
        `/api/programs/${program.id}/subscriptions/${subscriptionOf.get(name)}`,
      );
      expect(
        detail.sessionUsages.map((usage) => usage.eventId),
        name,
      ).toEqual(name === 'Vihaan Das' ? [] : [event.id]);
    }

    // After a reload the marks come from the server and the outbox is empty.
    await page.reload();
    await page.getByRole('heading', { name: 'Attendance: Evening training' }).waitFor();
    await expect.poll(() => page.getByText(/^Marked by Coach Meera at /).count()).toBe(5);
    expect(await page.getByText('Waiting to sync').count()).toBe(0);
    expect(
      await page.evaluate(() =>
        Object.keys(localStorage).filter((key) => key.startsWith('rally.outbox.')),
      ),
    ).toEqual([]);
    expect(errors).toEqual([]);

    await context.close();
  });
});
