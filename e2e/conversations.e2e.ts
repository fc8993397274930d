import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  completeSignIn,
  grantGlobalAdmin,
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

/** Marks the page's window, so a later check can tell that it was never reloaded. */
async function markWindow(page: Page): Promise<void> {
  await page.evaluate(() => Object.assign(window, { rallyE2eWindowMark: true }));
}

/** True while the page still runs the window marked by {@link markWindow} (no reload happened). */
function isSameWindow(page: Page): Promise<boolean> {
  return page.evaluate(() => 'rallyE2eWindowMark' in window);
}

describe('conversations, live', () => {
  it('a parent writes, the coach sees it arrive and answers, the parent sees the answer, and a config change reaches an open page — all without reloads', async () => {
    // Setup through the API: a coach's open program, a parent whose child joined it.
    const coach = await newPhoneContext(browser);
    const coachErrors = watchErrors(coach.page);
    await coach.page.goto('/auth/login');
    await completeSignIn(coach.page, newLocalPhone(), 'Coach Meera');
    const { org } = await api<{ org: { id: string } }>(coach.page, 'POST', '/api/orgs', {
      name: 'Cubbon Tennis Club',
    });
    const { program } = await api<{ program: { id: string } }>(
      coach.page,
      'POST',
      `/api/orgs/${org.id}/programs`,
      { name: 'Tennis juniors', timeZone: 'Asia/Kolkata' },
    );
    await api(coach.page, 'PATCH', `/api/programs/${program.id}`, { joinPolicy: 'open' });

    const parent = await newPhoneContext(browser);
    const parentErrors = watchErrors(parent.page);
    await parent.page.goto('/auth/login');
    await completeSignIn(parent.page, newLocalPhone(), 'Asha Rao');
    const { profile: child } = await api<{ profile: { id: string } }>(
      parent.page,
      'POST',
      '/api/profiles',
      { displayName: 'Kabir Rao', relationship: 'guardian' },
    );
    const { subscription } = await api<{ subscription: { status: string } }>(
      parent.page,
      'POST',
      `/api/programs/${program.id}/subscriptions`,
      { profileId: child.id },
    );
    expect(subscription.status).toBe('active');

    // The coach keeps the program's inbox open: nobody has written yet.
    await coach.page.goto(`/programs/${program.id}/conversations`);
    await coach.page.getByRole('heading', { name: 'Conversations', level: 1 }).waitFor();
    await coach.page
      .getByText('No conversations yet. Use New message to write to an enrolled family.')
      .waitFor();
    await markWindow(coach.page);

    // The parent opens the thread with the program from the profile's inbox and writes.
    await parent.page.goto(`/p/${child.id}/conversations`);
    await parent.page.getByRole('link', { name: /Tennis juniors/ }).click();
    await parent.page.getByRole('heading', { name: 'Conversation with Tennis juniors' }).waitFor();
    await markWindow(parent.page);
    const box = parent.page.getByRole('textbox', { name: 'Message' });
    await box.fill('Hello! Kabir will be 10 minutes late on Friday.');
    await box.press('Enter');
    const messages = parent.page.getByRole('list', { name: 'Messages' });
    await messages.getByText('Hello! Kabir will be 10 minutes late on Friday.').waitFor();
    await expect.poll(() => parent.page.getByText('Sending…').count()).toBe(0);

    // The coach's inbox shows the new thread, unread, and the nav badge, without a reload.
    const row = coach.page.getByRole('link', { name: /Kabir Rao/ });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain('1 unread message');
    // On a phone the tab may sit in the "More" menu, which then carries the badge.
    const programNav = coach.page.getByRole('navigation', { name: 'Program' });
    await expect
      .poll(
        async () =>
          (await programNav
            .getByRole('link', { name: 'Conversations, 1 unread conversation' })
            .count()) +
          (await programNav.getByRole('button', { name: 'More pages, 1 new' }).count()),
      )
      .toBe(1);
    expect(await isSameWindow(coach.page)).toBe(true);

    // The coach opens it (which reads it for the program) and answers.
    await row.click();
    await coach.page
      .getByRole('heading', { name: "Conversation with Kabir Rao's family" })
      .waitFor();
    const coachThread = coach.page.getByRole('list', { name: 'Messages' });
    await coachThread.getByText('Hello! Kabir will be 10 minutes late on Friday.').waitFor();
    await expect.poll(() => coachThread.getByText('Asha Rao').count()).toBe(1);
    const reply = coach.page.getByRole('textbox', { name: 'Message' });
    await reply.fill('No problem, see you at 6. Court map: https://maps.example/cubbon');
    await reply.press('Enter');
    await coachThread.getByText(/No problem, see you at 6/).waitFor();

    // The parent sees the answer arrive (with the coach's name and a safe link) and that
    // the coach read their message, still without a reload.
    await messages.getByText(/No problem, see you at 6/).waitFor();
    await expect.poll(() => messages.getByText('Coach Meera').count()).toBe(1);
    const link = messages.getByRole('link', { name: 'https://maps.example/cubbon' });
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(await link.getAttribute('target')).toBe('_blank');
    await expect.poll(() => messages.getByText(/· Read/).count()).toBe(1);
    expect(await isSameWindow(parent.page)).toBe(true);
    // Exactly one copy of each message on both sides.
    expect(
      await messages.getByText('Hello! Kabir will be 10 minutes late on Friday.').count(),
    ).toBe(1);
    expect(await coachThread.getByText(/No problem, see you at 6/).count()).toBe(1);

    // A global admin changes the config record `client`; their account page open in
    // another tab shows the new recommended package (SPEC.md §4: the record is followed
    // live). Parents do not see app packages (docs/decisions/021).
    await parent.page.goto('/account');
    await parent.page.getByRole('heading', { name: 'Signing out' }).waitFor();
    expect(await parent.page.getByRole('heading', { name: 'App updates' }).count()).toBe(0);

    const admin = await newPhoneContext(browser);
    const adminErrors = watchErrors(admin.page);
    const adminPhone = newLocalPhone();
    await admin.page.goto('/auth/login');
    await completeSignIn(admin.page, adminPhone, 'Ravi Admin');
    await grantGlobalAdmin(`+91${adminPhone}`);
    const adminAccount = await admin.context.newPage();
    const adminAccountErrors = watchErrors(adminAccount);
    await adminAccount.goto('/account');
    await adminAccount.getByRole('heading', { name: 'App updates' }).waitFor();
    await markWindow(adminAccount);
    const recommended = adminAccount.getByText('Recommended app package: 2026.11.1');
    expect(await recommended.count()).toBe(0);

    await admin.page.goto('/global-admin');
    await admin.page.getByRole('tab', { name: 'Live update' }).click();
    await admin.page
      .getByLabel('Update package URL')
      .fill('https://updates.example/rally/bundle-2026.11.1.zip');
    await admin.page.getByRole('button', { name: 'Save configuration' }).click();
    await admin.page.getByText('The live update configuration is saved.').waitFor();

    await recommended.waitFor();
    expect(await isSameWindow(adminAccount)).toBe(true);

    expect(coachErrors).toEqual([]);
    expect(parentErrors).toEqual([]);
    expect(adminErrors).toEqual([]);
    expect(adminAccountErrors).toEqual([]);
    // The record is the server's, shared by every later test file: back to none.
    await api(admin.page, 'PUT', '/api/admin/config/client', {
      url: null,
      disableLiveUpdate: false,
    });
    await Promise.all([coach.context.close(), parent.context.close(), admin.context.close()]);
  });
});
