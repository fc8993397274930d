import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, completeSignIn, launchBrowser, newLocalPhone, newPhoneContext } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Signs `localPhone` in from the login page and completes onboarding with `name`. */
async function signIn(page: Page, localPhone: string, name: string): Promise<void> {
  await page.goto('/auth/login');
  await completeSignIn(page, localPhone, name);
  await page.waitForURL((url) => url.pathname === '/');
}

describe('organisations, roles and search', () => {
  it('an owner invites a coach by phone; the coach accepts on the home page and sees the org and program; a stranger sees not-found; Ctrl+K finds a misspelt program', async () => {
    const owner = await newPhoneContext(browser);
    await signIn(owner.page, newLocalPhone(), 'Owner Kavya');
    const { org } = await api<{ org: { id: string } }>(owner.page, 'POST', '/api/orgs', {
      name: 'Lakeside Rowing Club',
    });
    const { program } = await api<{ program: { id: string } }>(
      owner.page,
      'POST',
      `/api/orgs/${org.id}/programs`,
      {
        name: 'Junior Sculling Squad',
        timeZone: 'Asia/Kolkata',
      },
    );

    // The owner invites the coach's phone from the settings page.
    const coachPhone = newLocalPhone();
    await owner.page.goto(`/orgs/${org.id}/settings`);
    const invite = owner.page.getByRole('region', { name: 'Invite someone' }).or(
      owner.page.locator('form', {
        has: owner.page.getByRole('button', { name: 'Send invite' }),
      }),
    );
    await invite.first().getByLabel('Phone number').fill(coachPhone);
    await owner.page.getByRole('button', { name: 'Send invite' }).click();
    await expect.poll(() => owner.page.getByText(`+91${coachPhone}`).count()).toBeGreaterThan(0);

    // The coach signs in: nothing changes until they accept the invite on the home page.
    const coach = await newPhoneContext(browser);
    await signIn(coach.page, coachPhone, 'Coach Arjun');
    const invites = coach.page.getByRole('region', { name: 'You have an invitation' });
    await invites.waitFor();
    expect((await api<{ orgs: unknown[] }>(coach.page, 'GET', '/api/orgs')).orgs).toEqual([]);
    await invites
      .getByRole('button', {
        name: 'Accept: Owner Kavya invites you to join Lakeside Rowing Club as Staff.',
      })
      .click();
    await coach.page.getByText('You joined Lakeside Rowing Club as Staff.').waitFor();
    await expect
      .poll(() => coach.page.getByRole('link', { name: /Lakeside Rowing Club/ }).count())
      .toBeGreaterThan(0);
    const me = await api<{ user: { id: string } }>(coach.page, 'GET', '/api/auth/session');

    // The owner makes them the program's coach; the coach sees the program they coach.
    await api(owner.page, 'PUT', `/api/programs/${program.id}/staff/${me.user.id}`, {
      role: 'coach',
    });
    await coach.page.goto(`/orgs/${org.id}`);
    await expect
      .poll(() => coach.page.getByRole('heading', { name: 'Lakeside Rowing Club' }).count())
      .toBeGreaterThan(0);
    await coach.page.getByRole('link', { name: 'Junior Sculling Squad' }).first().click();
    await coach.page.waitForURL(new RegExp(`/programs/${program.id}$`));
    await expect
      .poll(() => coach.page.getByRole('heading', { name: 'Junior Sculling Squad' }).count())
      .toBeGreaterThan(0);

    // A stranger opening the same URLs sees the not-found page.
    const stranger = await newPhoneContext(browser);
    await signIn(stranger.page, newLocalPhone(), 'Stranger Sam');
    for (const path of [
      `/orgs/${org.id}`,
      `/orgs/${org.id}/settings`,
      `/programs/${program.id}`,
      `/programs/${program.id}/calendar`,
    ]) {
      await stranger.page.goto(path);
      await expect
        .poll(() => stranger.page.getByRole('heading', { name: 'Page not found' }).count(), {
          message: path,
        })
        .toBeGreaterThan(0);
      expect(await stranger.page.getByText('Lakeside Rowing Club').count()).toBe(0);
    }

    // Ctrl+K finds the program by a misspelt name and opens it.
    await coach.page.goto('/');
    await coach.page.keyboard.press('Control+k');
    const search = coach.page
      .getByRole('textbox', { name: 'Search Rally' })
      .or(coach.page.getByPlaceholder('Search Rally'));
    await search.first().fill('sculing sqad');
    const hit = coach.page.getByText('Junior Sculling Squad').first();
    await hit.waitFor();
    await hit.click();
    await coach.page.waitForURL(new RegExp(`/programs/${program.id}$`));

    for (const c of [owner, coach, stranger]) await c.context.close();
  });
});
