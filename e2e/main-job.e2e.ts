import { DateTime } from 'luxon';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, completeSignIn, launchBrowser, newLocalPhone, watchErrors } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function newPage(): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  return { page, errors: watchErrors(page) };
}

/** Signs in through the login page with a fresh phone; completes onboarding. Returns the E.164 phone. */
async function signIn(page: Page, name: string): Promise<string> {
  const local = newLocalPhone();
  await completeSignIn(page, local, name);
  return `+91${local}`;
}

describe('the main job through the UI', () => {
  it('signs in, creates org -> program -> event, enrols, and sees the event on both calendars', async () => {
    const { page, errors } = await newPage();
    await page.goto('/');
    await page.waitForURL(/\/auth\/login\?redirect=%2F$/);
    await signIn(page, 'Coach Meera');
    await page.waitForURL((url) => url.pathname === '/');

    await page
      .getByRole('link', { name: 'Create organisation' })
      .or(page.getByRole('button', { name: 'Create organisation' }))
      .first()
      .click();
    await page.waitForURL(/\/orgs\/create$/);
    await page.getByLabel('Organisation name').fill('Mumbai Hockey Club');
    await page.getByRole('button', { name: 'Create organisation' }).click();
    await page.waitForURL(/\/orgs\/[0-9a-f-]{36}$/);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Mumbai Hockey Club' }).count())
      .toBeGreaterThan(0);

    await page.getByRole('button', { name: 'New program' }).click();
    await page.getByLabel('Program name').fill('Sub-Junior Hockey');
    await page.getByLabel('Location').fill('Mahindra Stadium');
    await page.getByRole('button', { name: 'Create program' }).click();
    await page.waitForURL(/\/programs\/[0-9a-f-]{36}$/);
    const programPath = new URL(page.url()).pathname;

    // An event two days from now, 18:00-19:30 in the program's zone (Asia/Kolkata by default).
    const today = DateTime.now().setZone('Asia/Kolkata');
    const day = today.plus({ days: 2 }).toISODate();
    // Near the end of a month the event falls in the next one: page the calendar there.
    const showEventMonth = async () => {
      if (today.plus({ days: 2 }).month !== today.month) {
        await page.getByRole('button', { name: 'Next' }).first().click();
      }
    };
    await page
      .getByRole('link', { name: 'New event' })
      .or(page.getByRole('button', { name: 'New event' }))
      .first()
      .click();
    await page.waitForURL(/\/events\/new$/);
    await page.getByLabel('Title').fill('Stick skills');
    await page.getByLabel('Starts').fill(`${day}T18:00`);
    await page.getByLabel('Ends').fill(`${day}T19:30`);
    await page.getByRole('button', { name: 'Create event' }).click();
    await page.waitForURL(/\/programs\/[0-9a-f-]{36}\/events\/[0-9a-f-]{36}$/);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Stick skills' }).count())
      .toBeGreaterThan(0);
    await expect
      .poll(() => page.getByText(/(6:00|18:00)\s?[–-]\s?(7:30\s?PM|19:30)/).count())
      .toBeGreaterThan(0);

    await page.goto(programPath);
    await page.getByLabel('Profile').selectOption({ label: 'Coach Meera' });
    await page.getByRole('button', { name: 'Enrol', exact: true }).click();
    await expect.poll(() => page.getByText(/enrolled/i).count()).toBeGreaterThan(0);

    await page.getByRole('link', { name: 'Calendar' }).first().click();
    await page.waitForURL(/\/calendar$/);
    await showEventMonth();
    await expect
      .poll(() => page.getByText('Stick skills').count(), { timeout: 15_000 })
      .toBeGreaterThan(0);

    const home = await page.request.get('/api/home');
    const profileId = (await home.json()).profiles[0].id as string;
    await page.goto(`/p/${profileId}`);
    await page.waitForURL(new RegExp(`/p/${profileId}/calendar$`));
    await showEventMonth();
    const eventOnProfile = page.getByText('Stick skills').first();
    await eventOnProfile.waitFor({ timeout: 15_000 });
    await eventOnProfile.click();
    await page.waitForURL(new RegExp(`/p/${profileId}/events/[0-9a-f-]{36}$`));
    await expect
      .poll(() => page.getByRole('heading', { name: 'Stick skills' }).count())
      .toBeGreaterThan(0);

    await page.goto('/');
    await expect.poll(() => page.getByText('Stick skills').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('Mumbai Hockey Club').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });

  it('a signed-out visit to a protected page lands on login with the redirect and returns after sign-in', async () => {
    const { page } = await newPage();
    await page.goto('/programs/x/calendar?view=list#today');
    await page.waitForURL(/\/auth\/login\?/);
    const redirect = new URL(page.url()).searchParams.get('redirect');
    expect(redirect).toBe('/programs/x/calendar?view=list#today');
    await signIn(page, 'Returning Visitor');
    await page.waitForURL((url) => url.pathname === '/programs/x/calendar');
    expect(new URL(page.url()).search).toBe('?view=list');
  });

  it('shows the not-found page for an unknown path', async () => {
    const { page } = await newPage();
    await page.goto('/no/such/page');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Page not found' }).count())
      .toBeGreaterThan(0);
  });

  it('program-event-new shows a sign-in prompt, not a form, when signed out', async () => {
    const { page } = await newPage();
    await page.goto('/programs/0190b8c4-0000-7000-8000-000000000000/events/new');
    await expect
      .poll(() =>
        page
          .getByRole('link', { name: /sign in/i })
          .or(page.getByRole('button', { name: /sign in/i }))
          .count(),
      )
      .toBeGreaterThan(0);
    expect(await page.getByLabel('Title').count()).toBe(0);
    expect(page.url()).toContain('/events/new');
  });
});
