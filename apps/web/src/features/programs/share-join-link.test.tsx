import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/api-mock';
import { makeProgram, makeProgramDetail, makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const session = { 'GET /api/auth/session': { user: makeUser() } };

function programHandlers(staff: boolean, joinPolicy: 'open' | 'approval' | 'invite' = 'approval') {
  const program = makeProgram({ name: 'Tennis juniors', joinPolicy });
  return {
    program,
    handlers: {
      ...session,
      'GET /api/programs/:programId': makeProgramDetail(program, staff),
      'GET /api/programs/:programId/events': { events: [] },
      'GET /api/programs/:programId/staff': { staff: [] },
      'GET /api/programs/:programId/subscriptions': { subscriptions: [] },
      'GET /api/programs/:programId/fee-plans': { feePlans: [] },
      'GET /api/programs/:programId/waitlist': { waitlist: [] },
      'GET /api/programs/:programId/dues': { rows: [], totals: [] },
      'GET /api/profiles': { profiles: [] },
      'GET /api/orgs/:orgId/members': { members: [], invites: [] },
    },
  };
}

const section = async () =>
  (await screen.findByRole('heading', { name: 'Share the join link' })).closest(
    'section',
  ) as HTMLElement;

describe('sharing the join link (docs/decisions/020)', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'share');
  });

  it('gives staff the link to copy, WhatsApp, a QR code and a preview', async () => {
    const { program, handlers } = programHandlers(true);
    mockApi(handlers);
    const app = renderApp(`/programs/${program.id}`);
    const box = await section();
    const url = `${window.location.origin}/programs/${program.id}/subscriptions/new`;
    expect(within(box).getByLabelText('Join link')).toHaveValue(url);
    // No Web Share API in this browser: WhatsApp is the way to send it.
    expect(within(box).queryByRole('button', { name: 'Share…' })).toBeNull();
    expect(within(box).getByRole('link', { name: 'Send on WhatsApp' })).toHaveAttribute(
      'href',
      `https://wa.me/?text=${encodeURIComponent(`Join Tennis juniors on Rally: ${url}`)}`,
    );

    await app.user.click(within(box).getByRole('button', { name: 'Copy link' }));
    expect(await within(box).findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(url);

    await app.user.click(within(box).getByRole('button', { name: 'Show QR code' }));
    const qr = await within(box).findByRole('img', {
      name: 'QR code of the join link of Tennis juniors',
    });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);

    expect(within(box).getByRole('link', { name: 'Preview the join page' })).toHaveAttribute(
      'href',
      `/programs/${program.id}/subscriptions/new`,
    );
  });

  it('opens the share sheet where the browser has the Web Share API', async () => {
    const share = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const { program, handlers } = programHandlers(true, 'open');
    mockApi(handlers);
    const app = renderApp(`/programs/${program.id}/settings`);
    const box = await section();
    await app.user.click(within(box).getByRole('button', { name: 'Share…' }));
    expect(share).toHaveBeenCalledWith({
      title: 'Tennis juniors',
      text: 'Join Tennis juniors on Rally:',
      url: `${window.location.origin}/programs/${program.id}/subscriptions/new`,
    });
  });

  it('says an invitation-only program has no join link', async () => {
    const { program, handlers } = programHandlers(true, 'invite');
    mockApi(handlers);
    renderApp(`/programs/${program.id}`);
    const box = await section();
    expect(within(box).getByText(/by invitation only/)).toBeInTheDocument();
    expect(within(box).queryByLabelText('Join link')).toBeNull();
  });

  it('is not shown to families', async () => {
    const { program, handlers } = programHandlers(false);
    mockApi(handlers);
    renderApp(`/programs/${program.id}`);
    expect(await screen.findByRole('heading', { name: /Next 30 days/ })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Share the join link' })).toBeNull();
  });
});
