import { DateTime } from 'luxon';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  baseUrl,
  completeSignIn,
  launchBrowser,
  newLocalPhone,
  newPhoneContext,
  watchErrors,
} from './browser.ts';

// The home for each role (docs/decisions/019), on a phone (390x844).

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** An owner signed in on a phone with an org and a program in Asia/Kolkata. */
async function clubWithProgram(ownerName: string, programName: string) {
  const owner = await newPhoneContext(browser);
  await owner.page.goto('/auth/login');
  await completeSignIn(owner.page, newLocalPhone(), ownerName);
  const { org } = await api<{ org: { id: string } }>(owner.page, 'POST', '/api/orgs', {
    name: 'Cubbon Football Club',
  });
  const { program } = await api<{ program: { id: string } }>(
    owner.page,
    'POST',
    `/api/orgs/${org.id}/programs`,
    { name: programName, timeZone: 'Asia/Kolkata' },
  );
  return { owner, orgId: org.id, programId: program.id };
}

/** Creates an event of `programId` starting at `start` (Asia/Kolkata) for 90 minutes. */
async function createEvent(page: Page, programId: string, title: string, start: DateTime) {
  const { event } = await api<{ event: { id: string } }>(
    page,
    'POST',
    `/api/programs/${programId}/events`,
    {
      title,
      startLocal: start.toFormat("yyyy-MM-dd'T'HH:mm"),
      endLocal: start.plus({ minutes: 90 }).toFormat("yyyy-MM-dd'T'HH:mm"),
    },
  );
  return event.id;
}

/** Accepts every pending invitation of the page's user through the API. */
async function acceptInvites(page: Page): Promise<void> {
  const { invites } = await api<{ invites: { id: string; kind: 'org' | 'profile' }[] }>(
    page,
    'GET',
    '/api/invites',
  );
  for (const invite of invites) {
    const kind = invite.kind === 'org' ? 'orgs' : 'profiles';
    await api(page, 'POST', `/api/invites/${kind}/${invite.id}/accept`);
  }
}

describe('the home page for each role', () => {
  it('a parent answers for two children on one event card, and the answers persist after a reload', async () => {
    const { owner, programId } = await clubWithProgram('Coach Meera', 'Under-10s');
    const parentPhone = newLocalPhone();
    const parent = await newPhoneContext(browser);
    const errors = watchErrors(parent.page);
    await parent.page.goto('/auth/login');
    await completeSignIn(parent.page, parentPhone, 'Neha Rao');
    for (const name of ['Asha', 'Kabir']) {
      await api(owner.page, 'POST', `/api/programs/${programId}/subscriptions`, {
        newProfile: { displayName: name, guardianPhone: parentPhone },
      });
    }
    await acceptInvites(parent.page);
    const tomorrow = DateTime.now().setZone('Asia/Kolkata').plus({ days: 1 }).set({
      hour: 18,
      minute: 0,
    });
    await createEvent(owner.page, programId, 'Saturday match', tomorrow);

    await parent.page.goto('/');
    const asha = parent.page.getByRole('button', { name: 'Asha: Going' });
    await asha.waitFor();
    // One card for the event, both children on it.
    expect(await parent.page.getByText('Saturday match', { exact: true }).count()).toBe(1);
    await asha.click();
    await parent.page.getByRole('button', { name: "Kabir: Can't go" }).click();
    await parent.page.getByText("Kabir can't go.").waitFor();
    await parent.page.getByText('Asha is going.').waitFor();

    await parent.page.reload();
    await parent.page.getByRole('button', { name: 'Asha: Going' }).waitFor();
    await expect
      .poll(() =>
        parent.page.getByRole('button', { name: 'Asha: Going' }).getAttribute('aria-pressed'),
      )
      .toBe('true');
    expect(
      await parent.page
        .getByRole('button', { name: "Kabir: Can't go" })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    expect(
      await parent.page.getByRole('button', { name: 'Kabir: Going' }).getAttribute('aria-pressed'),
    ).toBe('false');
    expect(errors).toEqual([]);
    await Promise.all([owner.context.close(), parent.context.close()]);
  });

  it('a coach added to a program goes from home to marking attendance in one tap', async () => {
    const { owner, orgId, programId } = await clubWithProgram('Owner Ravi', 'Under-12s');
    await api(owner.page, 'POST', `/api/programs/${programId}/subscriptions`, {
      newProfile: { displayName: 'Diya Menon', guardianPhone: newLocalPhone() },
    });
    const start = DateTime.now().setZone('Asia/Kolkata').plus({ hours: 1 }).startOf('hour');
    const eventId = await createEvent(owner.page, programId, 'Evening training', start);

    // A coach joins the org and is made coach of the program.
    const coachPhone = newLocalPhone();
    const coach = await newPhoneContext(browser);
    const errors = watchErrors(coach.page);
    await coach.page.goto('/auth/login');
    await completeSignIn(coach.page, coachPhone, 'Coach Arjun');
    await api(owner.page, 'POST', `/api/orgs/${orgId}/invites`, {
      phoneNumber: `+91${coachPhone}`,
      role: 'staff',
    });
    await acceptInvites(coach.page);
    const { user } = await api<{ user: { id: string } }>(coach.page, 'GET', '/api/auth/session');
    await api(owner.page, 'PUT', `/api/programs/${programId}/staff/${user.id}`, { role: 'coach' });

    await coach.page.goto('/');
    const today = coach.page.getByRole('region', { name: 'Today and tomorrow' });
    await today.getByText('Evening training').waitFor();
    await today.getByText("0 going · 0 maybe · 0 can't go · 1 no answer").waitFor();
    await today.getByRole('link', { name: 'Take attendance: Evening training' }).click();
    await coach.page.waitForURL(
      (url) => url.pathname === `/programs/${programId}/events/${eventId}/attendance`,
    );
    await coach.page.getByRole('button', { name: 'Mark Diya Menon present' }).click();
    await expect.poll(() => coach.page.getByText(/^Marked by Coach Arjun at /).count()).toBe(1);
    expect(errors).toEqual([]);
    await Promise.all([owner.context.close(), coach.context.close()]);
  });
});

describe('an area page on a phone (docs/decisions/018, seventh pass)', () => {
  it('shows its calendar while the overlays are still downloading, then its More menu and feed section work', async () => {
    const { owner, programId } = await clubWithProgram('Coach Ravi', 'Under-14s');
    // The same user in a context without the service worker, so that every
    // download goes through the routes below.
    const context = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 390, height: 844 },
      serviceWorkers: 'block',
      storageState: await owner.context.storageState(),
    });
    const page = await context.newPage();
    const errors = watchErrors(page);
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const held: string[] = [];
    await page.route(
      /\/assets\/(?:ui-later|more-menu|confirm-dialog|calendar-feed-section)-[\w-]+\.js$/,
      async (route) => {
        held.push(new URL(route.request().url()).pathname);
        await released;
        await route.continue();
      },
    );

    await page.goto(`/programs/${programId}/calendar`);
    await page.getByRole('heading', { level: 1, name: 'Under-14s calendar' }).waitFor();
    await page.getByText(/^No events in /).waitFor();
    // The "More" button is there at once (its menu's code comes later).
    await page.getByRole('button', { name: /More pages/ }).waitFor();
    release();

    await page.getByRole('heading', { name: 'Subscribe in your calendar app' }).waitFor();
    // A tap whose press and release straddle the menu's button replacing
    // the one shown while it downloaded reaches neither (a person taps
    // again): tap until the menu shows, never on an open menu.
    const settings = page.getByRole('menuitem', { name: 'Settings' });
    for (let tap = 0; tap < 5 && !(await settings.isVisible()); tap += 1) {
      await page.getByRole('button', { name: /More pages/ }).click();
      await settings.waitFor({ timeout: 3000 }).catch(() => {});
    }
    await settings.click();
    await page.waitForURL(new RegExp(`/programs/${programId}/settings$`));
    expect(held.some((file) => file.includes('/ui-later-'))).toBe(true);
    // Playwright's blocked service worker registers as `undefined`, which
    // no browser does; the app logs that (SPEC.md §8) and goes on.
    expect(
      errors.filter((error) => !error.includes('offline app shell could not be installed')),
    ).toEqual([]);
    await context.close();
  });
});
