import AxeBuilder from '@axe-core/playwright';
import { DateTime } from 'luxon';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  completeSignIn,
  launchBrowser,
  latestCode,
  newLocalPhone,
  newPhoneContext,
} from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A serious or critical axe finding, short enough to read in a failure message. */
interface Finding {
  page: string;
  rule: string;
  impact: string;
  targets: string[];
}

/**
 * Runs axe-core (WCAG 2.x A and AA rules, best practices) on the page as it is
 * and returns its serious and critical violations.
 */
async function seriousFindings(page: Page, name: string): Promise<Finding[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      page: name,
      rule: violation.id,
      impact: violation.impact ?? '',
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
}

/**
 * Height and width of a control as laid out, in CSS px. Waits until it is:
 * a lazily loaded control (the "More" menu replaces its placeholder once the
 * page is idle) can be between the two for a moment on a busy machine.
 */
async function boxOf(locator: Locator): Promise<{ width: number; height: number }> {
  let box: Awaited<ReturnType<Locator['boundingBox']>> = null;
  await expect
    .poll(async () => {
      box = await locator.boundingBox();
      return box !== null;
    })
    .toBe(true);
  const { width, height } = box!;
  return { width: Math.round(width), height: Math.round(height) };
}

interface World {
  programId: string;
  eventId: string;
  childId: string;
  coachPhone: string;
  parentPhone: string;
}

/** A coach with an org, an open program and tomorrow's session; a parent whose child is enrolled. */
async function seed(coach: Page, parent: Page): Promise<World> {
  const coachPhone = newLocalPhone();
  await coach.goto('/auth/login');
  await completeSignIn(coach, coachPhone, 'Coach Meera');
  const { org } = await api<{ org: { id: string } }>(coach, 'POST', '/api/orgs', {
    name: 'Cubbon Cricket Club',
  });
  const { program } = await api<{ program: { id: string } }>(
    coach,
    'POST',
    `/api/orgs/${org.id}/programs`,
    { name: 'Under-12s', timeZone: 'Asia/Kolkata' },
  );
  await api(coach, 'PATCH', `/api/programs/${program.id}`, { joinPolicy: 'open' });
  const start = DateTime.now().setZone('Asia/Kolkata').plus({ days: 1 }).set({ hour: 17 });
  const { event } = await api<{ event: { id: string } }>(
    coach,
    'POST',
    `/api/programs/${program.id}/events`,
    {
      title: 'Evening training',
      startLocal: start.toFormat("yyyy-MM-dd'T'HH:00"),
      endLocal: start.plus({ minutes: 90 }).toFormat("yyyy-MM-dd'T'HH:00"),
    },
  );

  const parentPhone = newLocalPhone();
  await parent.goto('/auth/login');
  await completeSignIn(parent, parentPhone, 'Asha Rao');
  const { profile } = await api<{ profile: { id: string } }>(parent, 'POST', '/api/profiles', {
    displayName: 'Kabir Rao',
  });
  await api(parent, 'POST', `/api/programs/${program.id}/subscriptions`, {
    profileId: profile.id,
  });
  return {
    programId: program.id,
    eventId: event.id,
    childId: profile.id,
    coachPhone,
    parentPhone,
  };
}

describe('accessibility on a phone (390x844)', () => {
  it('has no serious or critical axe violation on 10 key pages', async () => {
    const coach = await newPhoneContext(browser);
    const parent = await newPhoneContext(browser);
    const visitor = await newPhoneContext(browser);
    const world = await seed(coach.page, parent.page);
    const findings: Finding[] = [];

    // Signed out: login and the code page.
    await visitor.page.goto('/auth/login');
    await visitor.page.getByRole('heading', { name: 'Sign in to Rally' }).waitFor();
    findings.push(...(await seriousFindings(visitor.page, 'login')));
    const visitorPhone = newLocalPhone();
    await visitor.page.getByLabel('Phone number').fill(visitorPhone);
    await visitor.page.getByRole('button', { name: 'Send code' }).click();
    await visitor.page.waitForURL(/\/auth\/verify-code\//);
    await visitor.page.getByLabel('Verification code', { exact: true }).waitFor();
    await latestCode(`+91${visitorPhone}`);
    findings.push(...(await seriousFindings(visitor.page, 'verify code')));

    const pages: [string, Page, string, (page: Page) => Promise<void>][] = [
      ['home (parent)', parent.page, '/', (page) => page.getByText('Kabir Rao').first().waitFor()],
      [
        'home (staff)',
        coach.page,
        '/',
        (page) => page.getByText('Cubbon Cricket Club').first().waitFor(),
      ],
      [
        'profile calendar',
        parent.page,
        `/p/${world.childId}/calendar`,
        (page) => page.getByText('Evening training').first().waitFor(),
      ],
      [
        'event page',
        parent.page,
        `/p/${world.childId}/events/${world.eventId}`,
        (page) =>
          page
            .getByRole('heading', { name: /Evening training/ })
            .first()
            .waitFor(),
      ],
      [
        'attendance roster',
        coach.page,
        `/programs/${world.programId}/events/${world.eventId}/attendance`,
        (page) => page.getByRole('heading', { name: 'Attendance: Evening training' }).waitFor(),
      ],
      [
        'program page',
        coach.page,
        `/programs/${world.programId}`,
        (page) => page.getByText('Kabir Rao').first().waitFor(),
      ],
      [
        'conversations',
        coach.page,
        `/programs/${world.programId}/conversations`,
        (page) => page.getByRole('heading', { level: 1 }).first().waitFor(),
      ],
      [
        'account',
        parent.page,
        '/account',
        (page) => page.getByRole('heading', { name: 'Signing out' }).waitFor(),
      ],
    ];
    for (const [name, page, path, isReady] of pages) {
      await page.goto(path);
      await isReady(page);
      // Let lazily loaded parts (calendar, badges) settle before axe looks.
      await page.waitForLoadState('networkidle');
      findings.push(...(await seriousFindings(page, name)));
    }

    expect(findings).toEqual([]);
    await Promise.all([coach.context.close(), parent.context.close(), visitor.context.close()]);
  });

  it('keeps every tab of an area reachable and primary controls 44 px tall', async () => {
    const coach = await newPhoneContext(browser);
    const parent = await newPhoneContext(browser);
    const world = await seed(coach.page, parent.page);
    const { page } = coach;

    await page.goto(`/programs/${world.programId}`);
    const nav = page.getByRole('navigation', { name: 'Program' });
    await nav.getByRole('link', { name: 'Overview' }).waitFor();
    // Nothing is clipped: every visible tab lies within the 390 px viewport.
    for (const link of await nav.getByRole('link').all()) {
      const box = await link.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      expect((await boxOf(link)).height).toBeGreaterThanOrEqual(44);
    }
    // The rest sit in "More", opened from the keyboard.
    const visible = await nav.getByRole('link').allTextContents();
    const more = nav.getByRole('button', { name: /^More pages/ });
    if (visible.length < 5) {
      expect((await boxOf(more)).height).toBeGreaterThanOrEqual(44);
      await more.focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu');
      await menu.waitFor();
      const hidden = await menu.getByRole('menuitem').allTextContents();
      expect([...visible, ...hidden].map((text) => text.replace(/\d+$/, ''))).toEqual([
        'Overview',
        'Calendar',
        'Attendance',
        'Conversations',
        'Settings',
      ]);
      await page.keyboard.press('Escape');
    } else {
      expect(await more.count()).toBe(0);
    }

    const burger = page.getByRole('button', { name: 'Open navigation' });
    expect(await boxOf(burger)).toEqual({ width: 44, height: 44 });
    for (const name of ['Search', 'Notifications']) {
      const header = page.getByRole('banner');
      expect((await boxOf(header.getByRole('button', { name }))).height).toBeGreaterThanOrEqual(44);
    }

    // Weekday chips of a weekly event.
    await page.goto(`/programs/${world.programId}/events/new`);
    await page.getByLabel('Repeats').selectOption({ label: 'Weekly' });
    const monday = page.getByRole('checkbox', { name: 'Monday' });
    await monday.waitFor({ state: 'attached' });
    const chipLabel = page.locator(`label[for="${await monday.getAttribute('id')}"]`);
    expect((await boxOf(chipLabel)).height).toBeGreaterThanOrEqual(44);

    await Promise.all([coach.context.close(), parent.context.close()]);
  });
});
