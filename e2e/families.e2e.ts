import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, completeSignIn, launchBrowser, newLocalPhone, newPhoneContext } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('families and subscriptions', () => {
  it('a signed-out parent joins through the shared link, the coach approves, the timeline shows both steps, a second guardian accepts the invite and sees the child', async () => {
    // Setup through the API: a coach with an org and an approval program.
    const coach = await newPhoneContext(browser);
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
    await api(coach.page, 'PATCH', `/api/programs/${program.id}`, { joinPolicy: 'approval' });
    const joinPath = `/programs/${program.id}/subscriptions/new`;

    // A signed-out parent opens the shared link and signs in; login returns to it.
    const parent = await newPhoneContext(browser);
    await parent.page.goto(joinPath);
    await parent.page.getByRole('heading', { name: 'Join Tennis juniors' }).waitFor();
    await expect
      .poll(() => parent.page.getByText('By Cubbon Tennis Club').count())
      .toBeGreaterThan(0);
    await parent.page.getByRole('link', { name: 'Sign in to join' }).click();
    await parent.page.waitForURL(/\/auth\/login\?redirect=/);
    await completeSignIn(parent.page, newLocalPhone(), 'Asha Rao');
    await parent.page.waitForURL((url) => url.pathname === joinPath);

    // The parent adds a child inline and requests a place.
    await parent.page.getByRole('button', { name: 'Add a child profile' }).click();
    await parent.page.getByLabel("Child's name").fill('Kabir Rao');
    await parent.page.getByRole('button', { name: 'Save child profile' }).click();
    const profileSelect = parent.page.getByLabel('Profile', { exact: false });
    await expect
      .poll(async () => (await profileSelect.locator('option:checked').textContent()) ?? '')
      .toBe('Kabir Rao');
    await parent.page.getByRole('button', { name: 'Request a place' }).click();
    await expect
      .poll(() => parent.page.getByText("Kabir Rao's request is sent.", { exact: false }).count())
      .toBeGreaterThan(0);

    const { profiles } = await api<{
      profiles: { id: string; displayName: string }[];
    }>(parent.page, 'GET', '/api/profiles');
    const child = profiles.find((profile) => profile.displayName === 'Kabir Rao');
    expect(child).toBeDefined();
    const childId = child?.id ?? '';
    const { subscriptions } = await api<{ subscriptions: { id: string; status: string }[] }>(
      parent.page,
      'GET',
      `/api/profiles/${childId}/subscriptions`,
    );
    expect(subscriptions.map((s) => s.status)).toEqual(['pending']);
    const subscriptionPath = `/programs/${program.id}/subscriptions/${subscriptions[0]?.id}`;

    // The coach approves on the subscription page.
    await coach.page.goto(subscriptionPath);
    await coach.page.getByRole('heading', { name: 'Enrolment of Kabir Rao' }).waitFor();
    await coach.page.getByRole('button', { name: 'Approve' }).click();
    await coach.page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await coach.page.getByRole('button', { name: 'Pause' }).waitFor();

    // The parent sees it active, and the timeline shows both steps.
    await parent.page.goto(subscriptionPath);
    await parent.page.getByRole('heading', { name: 'Enrolment of Kabir Rao' }).waitFor();
    await expect.poll(() => parent.page.getByText('Active', { exact: true }).count()).toBe(1);
    await parent.page.goto(`/p/${childId}/activities`);
    const timeline = parent.page.getByRole('list', { name: 'Timeline' });
    await timeline.waitFor();
    await expect
      .poll(() => timeline.getByRole('link').allTextContents())
      .toEqual(['Approved in Tennis juniors', 'Requested a place in Tennis juniors']);

    // A second guardian is invited by phone from the profile settings page.
    const guardianPhone = newLocalPhone();
    await parent.page.goto(`/p/${childId}/settings`);
    await parent.page.getByLabel('Phone number (Invite a guardian)').fill(guardianPhone);
    await parent.page.getByRole('button', { name: 'Invite a guardian' }).click();
    await expect
      .poll(() => parent.page.getByText(`+91${guardianPhone}`, { exact: false }).count())
      .toBeGreaterThan(0);

    // The guardian signs in and accepts the invite on the home page; then they see the child.
    const guardian = await newPhoneContext(browser);
    await guardian.page.goto('/auth/login');
    await completeSignIn(guardian.page, guardianPhone, 'Ravi Rao');
    await guardian.page.waitForURL((url) => url.pathname === '/');
    const invites = guardian.page.getByRole('region', { name: 'You have an invitation' });
    await invites.waitFor();
    expect(await guardian.page.getByRole('link', { name: /Kabir Rao/ }).count()).toBe(0);
    await invites
      .getByRole('button', {
        name: "Accept: Asha Rao invites you to manage Kabir Rao's profile as a guardian.",
      })
      .click();
    await guardian.page.getByText("You now manage Kabir Rao's profile.").waitFor();
    await expect
      .poll(() => guardian.page.getByRole('link', { name: /Kabir Rao/ }).count())
      .toBeGreaterThan(0);

    await Promise.all([coach.context.close(), parent.context.close(), guardian.context.close()]);
  });
});
