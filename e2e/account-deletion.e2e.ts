import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  completeSignIn,
  forgetSentCodes,
  latestCode,
  launchBrowser,
  newLocalPhone,
  newPhoneContext,
} from './browser.ts';

/*
 * Deleting an account in Chromium (DESIGN.md §3, docs/decisions/025): a
 * parent who alone guards an enrolled child deletes their account from
 * `/account/delete`, handing the child to a second guardian, who accepts
 * and manages the child; the parent's phone then signs up as a new person.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('account deletion', () => {
  it('a parent deletes their account, handing their child to a second guardian; the phone starts afresh', async () => {
    // A coach's program with the parent's child enrolled (staff enrolment, accepted by the parent).
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
    const parentPhone = newLocalPhone();
    const parent = await newPhoneContext(browser);
    await parent.page.goto('/auth/login');
    await completeSignIn(parent.page, parentPhone, 'Asha Rao');
    const { subscription } = await api<{ subscription: { profileId: string } }>(
      coach.page,
      'POST',
      `/api/programs/${program.id}/subscriptions`,
      { newProfile: { displayName: 'Kabir Rao', guardianPhone: `+91${parentPhone}` } },
    );
    const { invites } = await api<{ invites: { id: string }[] }>(
      parent.page,
      'GET',
      '/api/invites',
    );
    await api(parent.page, 'POST', `/api/invites/profiles/${invites[0]?.id}/accept`);
    const childId = subscription.profileId;

    // The page says what happens: the club, the enrolment, and a choice for the child.
    await parent.page.goto('/account/delete');
    await parent.page.getByRole('heading', { name: 'Delete account', level: 1 }).waitFor();
    await parent.page.getByText('Cubbon Tennis Club').first().waitFor();
    await expect
      .poll(() => parent.page.getByText('Tennis juniors', { exact: false }).count())
      .toBeGreaterThan(0);
    expect(await parent.page.getByText('Former member', { exact: false }).count()).toBeGreaterThan(
      0,
    );

    // Nothing goes without a choice for the child and the phone code.
    await parent.page.getByRole('button', { name: 'Delete my account' }).click();
    expect(await parent.page.getByRole('dialog').count()).toBe(0);

    const guardianPhone = newLocalPhone();
    await parent.page.getByLabel('Hand Kabir Rao to another guardian').check();
    await parent.page.getByLabel("Phone number of Kabir Rao's new guardian").fill(guardianPhone);
    await parent.page.getByRole('button', { name: /Text a code to/ }).click();
    const code = parent.page.getByLabel('6-digit code from the text message', { exact: true });
    await code.waitFor();
    await code.fill(await latestCode(`+91${parentPhone}`));
    await parent.page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = parent.page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Delete account' }).click();

    // Signed out at once, on the sign-in page, and the old session is dead.
    await parent.page.waitForURL((url) => url.pathname === '/auth/login');
    await parent.page.getByText('Your account was deleted').waitFor();
    expect((await parent.page.request.get('/api/home')).status()).toBe(401);

    // The club keeps the child, enrolled, under their name.
    const roster = await api<{ subscriptions: { profileId: string; status: string }[] }>(
      coach.page,
      'GET',
      `/api/programs/${program.id}/subscriptions`,
    );
    expect(roster.subscriptions.find((s) => s.profileId === childId)?.status).toBe('active');

    // The second guardian signs in, accepts the handover and manages the child.
    const guardian = await newPhoneContext(browser);
    await guardian.page.goto('/auth/login');
    await completeSignIn(guardian.page, guardianPhone, 'Ravi Rao');
    await guardian.page.waitForURL((url) => url.pathname === '/');
    const invitesPanel = guardian.page.getByRole('region', { name: 'You have an invitation' });
    await invitesPanel.waitFor();
    await invitesPanel
      .getByRole('button', {
        name: "Accept: Someone invites you to manage Kabir Rao's profile as a guardian.",
      })
      .click();
    await guardian.page.getByText("You now manage Kabir Rao's profile.").waitFor();
    await guardian.page.goto(`/p/${childId}/settings`);
    await expect
      .poll(() => guardian.page.getByText('Kabir Rao', { exact: false }).count())
      .toBeGreaterThan(0);

    // The parent's phone signs up again as a new person (asked for a name) who sees nothing.
    // The deletion keeps the last hour's codes, all used, for the SMS limits (docs/decisions/025),
    // so the phone's 60 s resend cooldown still runs from its first sign-in: skip the wait.
    await forgetSentCodes();
    await parent.page.goto('/auth/login');
    await completeSignIn(parent.page, parentPhone, 'Someone New');
    const { profiles } = await api<{ profiles: { displayName: string }[] }>(
      parent.page,
      'GET',
      '/api/profiles',
    );
    expect(profiles.map((p) => p.displayName)).toEqual(['Someone New']);
    expect(await parent.page.getByText('Kabir Rao').count()).toBe(0);

    await Promise.all([coach.context.close(), parent.context.close(), guardian.context.close()]);
  });
});
