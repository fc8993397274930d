import { LOADING_OVERLAY_TEXT } from '@rally/shared/constants';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, pending, problem } from '../test/api-mock';
import { makeProgram, makeProgramDetail, makeUser } from '../test/fixtures';
import { renderApp } from '../test/render-app';

const signedOut = { 'GET /api/auth/session': { user: null } };

describe('navigation guard in the running app', () => {
  it('shows the full-screen "Loading..." overlay with a spinner while the session request is pending', async () => {
    const requests = mockApi({ 'GET /api/auth/session': () => pending() });
    renderApp('/');
    await waitFor(() => expect(requests.map((r) => r.path)).toEqual(['/api/auth/session']));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const overlay = screen.getByRole('status');
    expect(overlay).toHaveTextContent(LOADING_OVERLAY_TEXT);
    const spinner = overlay.querySelector('.mantine-Loader-root');
    expect(spinner?.getAttribute('style')).toContain('--loader-size: calc(2.5rem');
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('sends a signed-out visitor of a protected page to login with the full path in redirect', async () => {
    mockApi(signedOut);
    const app = renderApp('/programs/p1/calendar?view=list#today');
    expect(await screen.findByRole('heading', { name: 'Sign in to Rally' })).toBeInTheDocument();
    expect(app.currentPath()).toBe(
      '/auth/login?redirect=%2Fprograms%2Fp1%2Fcalendar%3Fview%3Dlist%23today',
    );
  });

  it('lets a signed-out visitor open program-event-new and shows a sign-in prompt, not the form', async () => {
    mockApi(signedOut);
    const app = renderApp('/programs/p1/events/new');
    expect(await screen.findByRole('heading', { name: 'New event' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Title')).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/auth/login?redirect=%2Fprograms%2Fp1%2Fevents%2Fnew',
    );
    expect(app.currentPath()).toBe('/programs/p1/events/new');
  });

  it('lets a signed-out visitor open program-subscription-new and asks to sign in', async () => {
    mockApi({
      ...signedOut,
      'GET /api/programs/:programId/public': {
        program: {
          id: 'p1',
          name: 'Tennis juniors',
          description: '',
          category: '',
          location: '',
          timeZone: 'Asia/Kolkata',
          orgId: 'o1',
          orgName: 'Cubbon Tennis Club',
          joinPolicy: 'open',
          status: 'active',
          capacity: null,
          placesTaken: 0,
          spotsLeft: null,
          waitlistLength: 0,
        },
        schedule: { nextEvents: [], weeklyPattern: null },
        feePlans: [],
        viewer: null,
      },
    });
    const app = renderApp('/programs/p1/subscriptions/new');
    expect(await screen.findByRole('link', { name: 'Sign in to join' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/programs/p1/subscriptions/new');
    expect(screen.queryByLabelText('Profile')).toBeNull();
  });

  it('shows "Page not found" with a link home for an unknown path', async () => {
    mockApi(signedOut);
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('redirects the profile base to the profile calendar', async () => {
    mockApi({
      'GET /api/auth/session': { user: makeUser() },
      'GET /api/profiles/:profileId': () => pending(),
    });
    const app = renderApp('/p/pr1');
    await waitFor(() => expect(app.currentPath()).toBe('/p/pr1/calendar'));
  });

  it('shows the not-found content when the API answers 404', async () => {
    mockApi({
      'GET /api/auth/session': { user: makeUser() },
      'GET /api/programs/:programId': problem(404, 'not_found'),
    });
    renderApp('/programs/0190a1b2-0000-7000-8000-00000000dead');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('re-creates the page when only the query string changes', async () => {
    mockApi(signedOut);
    const app = renderApp('/auth/login');
    const phone = await screen.findByLabelText(/Phone number/);
    await app.user.type(phone, '98765');
    expect(phone).toHaveValue('98765');
    await act(() => app.navigate('/auth/login?redirect=%2Faccount'));
    await waitFor(() => expect(screen.getByLabelText(/Phone number/)).toHaveValue(''));
  });

  it('offers to try again when the sign-in state cannot be loaded', async () => {
    let calls = 0;
    mockApi({
      'GET /api/auth/session': () => {
        calls += 1;
        return calls === 1 ? problem(503, 'internal_error') : json({ user: null });
      },
    });
    const app = renderApp('/');
    expect(await screen.findByText("Rally can't start right now")).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to Rally' })).toBeInTheDocument();
  });

  it('sends the visitor to login when the session ends while a page loads (401)', async () => {
    let user: ReturnType<typeof makeUser> | null = makeUser();
    mockApi({
      'GET /api/auth/session': () => ({ user }),
      'GET /api/home': () => {
        user = null;
        return problem(401, 'unauthenticated');
      },
    });
    const app = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Sign in to Rally' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/auth/login?redirect=%2F');
  });

  it('renders a protected page for a signed-in user', async () => {
    const program = makeProgram({ name: 'Tuesday swimmers' });
    mockApi({
      'GET /api/auth/session': { user: makeUser() },
      'GET /api/programs/:programId': makeProgramDetail(program),
      'GET /api/programs/:programId/events': { events: [] },
      'GET /api/programs/:programId/staff': { staff: [] },
      'GET /api/programs/:programId/subscriptions': { subscriptions: [] },
      'GET /api/programs/:programId/fee-plans': { feePlans: [] },
      'GET /api/programs/:programId/waitlist': { waitlist: [] },
      'GET /api/programs/:programId/dues': { rows: [], totals: [] },
      'GET /api/profiles': { profiles: [] },
    });
    renderApp(`/programs/${program.id}`);
    expect(
      await screen.findByRole('heading', { name: 'Tuesday swimmers', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Calendar' })).toHaveAttribute(
      'href',
      `/programs/${program.id}/calendar`,
    );
    expect(screen.getByRole('button', { name: 'New event' })).toBeInTheDocument();
  });
});
