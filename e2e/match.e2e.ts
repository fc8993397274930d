import { DateTime } from 'luxon';
import type { Browser, Page } from 'playwright-core';
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

const TEAM = [
  'Aarav Shah',
  'Diya Menon',
  'Ishaan Rao',
  'Kabir Nair',
  'Meera Pillai',
  'Vihaan Das',
  'Zoya Khan',
  'Anika Iyer',
  'Rohan Gupta',
  'Sara Thomas',
];

interface MatchAnswer {
  status: string;
  shareToken: string | null;
  score: { us: number; them: number };
  incidents: { type: string; seq: number; clientId: string; voidedAt: string | null }[];
  squad: { profileId: string; displayName: string; role: string; position: string | null }[];
}

/** Taps a player on the board by the start of their accessible name ("Asha Rao, ..."). */
const player = (page: Page, name: string) =>
  page.getByRole('button', { name: new RegExp(`^${name},`) }).first();

describe('the match page on a phone', () => {
  it('a coach picks the squad by taps, publishes, scores two goals and three substitutions; the parent follows live; an offline queue of 30 replays in order; the signed-out share link shows the score', async () => {
    const coach = await newPhoneContext(browser);
    const errors = watchErrors(coach.page);
    await coach.page.goto('/auth/login');
    await completeSignIn(coach.page, newLocalPhone(), 'Coach Meera');
    const { org } = await api<{ org: { id: string } }>(coach.page, 'POST', '/api/orgs', {
      name: 'Cubbon Football Club',
    });
    const { program } = await api<{ program: { id: string } }>(
      coach.page,
      'POST',
      `/api/orgs/${org.id}/programs`,
      { name: 'Under-8s', timeZone: 'Asia/Kolkata' },
    );

    await api(coach.page, 'PATCH', `/api/programs/${program.id}`, { joinPolicy: 'open' });
    // A parent enrols their child; the coach adds the rest of the team.
    const parent = await newPhoneContext(browser);
    await parent.page.goto('/auth/login');
    await completeSignIn(parent.page, newLocalPhone(), 'Asha Rao');
    const { profile: child } = await api<{ profile: { id: string } }>(
      parent.page,
      'POST',
      '/api/profiles',
      { displayName: 'Kabir Rao' },
    );
    await api(parent.page, 'POST', `/api/programs/${program.id}/subscriptions`, {
      profileId: child.id,
    });
    for (const name of TEAM) {
      await api(coach.page, 'POST', `/api/programs/${program.id}/subscriptions`, {
        newProfile: { displayName: name, guardianPhone: newLocalPhone() },
      });
    }
    const start = DateTime.now().setZone('Asia/Kolkata').plus({ hours: 1 }).startOf('hour');
    const { event } = await api<{ event: { id: string } }>(
      coach.page,
      'POST',
      `/api/programs/${program.id}/events`,
      {
        title: 'Match vs Rovers',
        kind: 'match',
        startLocal: start.toFormat("yyyy-MM-dd'T'HH:mm"),
        endLocal: start.plus({ minutes: 60 }).toFormat("yyyy-MM-dd'T'HH:mm"),
      },
    );
    // Kabir is going.
    await api(parent.page, 'PUT', `/api/profiles/${child.id}/events/${event.id}/rsvp`, {
      answer: 'going',
    });
    const matchApi = `/api/programs/${program.id}/events/${event.id}/match`;
    const matchPath = `/programs/${program.id}/events/${event.id}/match`;

    // The coach picks the squad by taps: the suggestion, then one swap on the board.
    await coach.page.goto(matchPath);
    await coach.page.getByRole('button', { name: 'Suggest lineup' }).click();
    await coach.page.getByText(/^7 of 7 starters$/).waitFor();
    const kabir = player(coach.page, 'Kabir Rao');
    await kabir.waitFor();
    await coach.page.getByRole('button', { name: 'Save lineup' }).click();
    await coach.page.getByText('Lineup saved.').waitFor();
    await coach.page.getByRole('button', { name: 'Publish lineup' }).click();
    await coach.page
      .getByText(/Lineup published/)
      .first()
      .waitFor();
    let match = await api<MatchAnswer>(coach.page, 'GET', matchApi);
    expect(match.status).toBe('published');
    expect(match.squad.filter((p) => p.role === 'starter')).toHaveLength(7);
    expect(match.squad.find((p) => p.displayName === 'Kabir Rao')?.role).toBe('starter');

    // Live: kick off, two goals (one with an assist), three substitutions at one stoppage.
    await coach.page
      .getByRole('radiogroup', { name: 'Match sections' })
      .getByText('Live', { exact: true })
      .click();
    await coach.page.getByRole('button', { name: 'Kick off' }).click();
    await coach.page.getByRole('button', { name: 'Pause', exact: true }).waitFor();
    const starters = match.squad.filter((p) => p.role === 'starter').map((p) => p.displayName);
    const bench = match.squad.filter((p) => p.role === 'bench').map((p) => p.displayName);
    expect(bench.length).toBeGreaterThanOrEqual(3);

    await coach.page.getByRole('button', { name: 'Goal', exact: true }).click();
    await coach.page.getByRole('dialog').getByRole('button', { name: 'Kabir Rao' }).click();
    await coach.page.getByRole('dialog').getByRole('button', { name: 'No assist' }).click();
    await coach.page.getByRole('button', { name: 'Goal', exact: true }).click();
    const scorer = starters.find((n) => n !== 'Kabir Rao') ?? '';
    await coach.page.getByRole('dialog').getByRole('button', { name: scorer }).click();
    await coach.page.getByRole('dialog').getByRole('button', { name: 'Kabir Rao' }).click();
    await expect
      .poll(() =>
        coach.page
          .getByRole('status', { name: /^Score: Under-8s 2, Rovers|^Score: Under-8s 2,/ })
          .count(),
      )
      .toBe(1);

    const offs = starters.filter((n) => n !== 'Kabir Rao' && n !== scorer).slice(0, 3);
    for (const [index, off] of offs.entries()) {
      await player(coach.page, off).click();
      await player(coach.page, bench[index] ?? '').click();
    }
    await coach.page.getByRole('button', { name: 'Confirm 3 changes' }).click();
    await expect
      .poll(async () => {
        const answer = await api<MatchAnswer>(coach.page, 'GET', matchApi);
        return answer.incidents.filter((i) => i.type === 'substitution').length;
      })
      .toBe(3);

    // The parent follows on Kabir's event page: score, timeline and his minutes.
    await parent.page.goto(`/p/${child.id}/events/${event.id}`);
    await parent.page.getByRole('heading', { name: 'Match', exact: true }).waitFor();
    await expect.poll(() => parent.page.getByRole('status', { name: /2,.*0$/ }).count()).toBe(1);
    await parent.page.getByText('Goal: Kabir Rao').waitFor();
    await parent.page
      .getByRole('list', { name: 'Minutes played' })
      .getByRole('listitem')
      .filter({ hasText: 'Kabir Rao' })
      .filter({ hasText: /\d+ min \(\d+%\)/ })
      .waitFor();
    // A goal the coach records shows on the parent's phone without a reload.
    await coach.page.getByRole('button', { name: 'Opponent goal' }).click();
    await expect.poll(() => parent.page.getByRole('status', { name: /2,.*1$/ }).count()).toBe(1);

    // Offline: 30 clock incidents (15 pauses and resumes) wait on the phone, then replay in order.
    await coach.page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await coach.context.setOffline(true);
    for (let i = 0; i < 15; i += 1) {
      await coach.page.getByRole('button', { name: 'Pause', exact: true }).click();
      await coach.page.getByRole('button', { name: 'Resume', exact: true }).click();
    }
    await coach.page.getByText(/Offline: 30 incidents are saved on this phone/).waitFor();
    await coach.context.setOffline(false);
    await expect
      .poll(() => coach.page.getByText(/incidents are saved on this phone|Sending/).count(), {
        timeout: 20_000,
      })
      .toBe(0);
    match = await api<MatchAnswer>(coach.page, 'GET', matchApi);
    const clockTail = match.incidents
      .filter((i) => i.type === 'pause' || i.type === 'resume')
      .sort((a, b) => a.seq - b.seq)
      .map((i) => i.type);
    expect(clockTail).toEqual(
      Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? 'pause' : 'resume')),
    );
    expect(match.score).toEqual({ us: 2, them: 1 });

    // The coach shares the match; the link shows the score to someone signed out.
    await coach.page.getByRole('button', { name: 'Copy share link' }).waitFor();
    expect(match.shareToken).toMatch(/^[\w-]{22}$/);
    const stranger = await newPhoneContext(browser);
    await stranger.page.goto(`/share/${match.shareToken}`);
    await stranger.page.getByText('2–1', { exact: true }).waitFor();
    await stranger.page.getByText(/Kabir/).first().waitFor();
    await stranger.context.close();

    expect(errors).toEqual([]);
    await Promise.all([coach.context.close(), parent.context.close()]);
  });
});
