import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, mockApi, pending, problem } from '../../test/api-mock';
import { makeHome, makeUser, newId } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { savePendingSignIn } from './pending-sign-in';

/** The id of a code request this tab started (as the login page leaves it in sessionStorage). */
function startedId(): string {
  const verificationId = newId();
  savePendingSignIn(verificationId, {
    phoneNumber: '+919876543210',
    resendAvailableAt: Date.now() + 60_000,
  });
  return verificationId;
}

const startAnswer = (verificationId: string) => ({
  verificationId,
  phoneNumber: '+919876543210',
  expiresAt: '2030-01-01T00:05:00.000Z',
  resendAfterSeconds: 60,
});

describe('login page', () => {
  it('sends the code to the E.164 number (local numbers are Indian) and moves to the code page with the redirect', async () => {
    const verificationId = newId();
    const requests = mockApi({
      'GET /api/auth/session': { user: null },
      'POST /api/auth/phone/start': json(startAnswer(verificationId)),
    });
    const app = renderApp('/auth/login?redirect=%2Forgs%2Fcreate');
    await app.user.type(await screen.findByLabelText(/Phone number/), '98765 43210');
    await app.user.click(screen.getByRole('button', { name: 'Send code' }));

    expect(await screen.findByRole('heading', { name: 'Enter your code' })).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/api/auth/phone/start')?.body).toEqual({
      phoneNumber: '+919876543210',
    });
    expect(app.currentPath()).toBe(`/auth/verify-code/${verificationId}?redirect=%2Forgs%2Fcreate`);
    expect(screen.getByText('We sent a 6-digit code by SMS to +919876543210.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Send a new code in \d+ seconds/ })).toBeDisabled();
  });

  it('explains an invalid number without calling the API', async () => {
    const requests = mockApi({ 'GET /api/auth/session': { user: null } });
    const app = renderApp('/auth/login');
    await app.user.type(await screen.findByLabelText(/Phone number/), '12345');
    await app.user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(/doesn't look like a valid phone number/)).toBeInTheDocument();
    expect(requests.map((r) => r.path)).toEqual(['/api/auth/session']);
  });

  it('tells how long to wait when too many codes were asked for', async () => {
    mockApi({
      'GET /api/auth/session': { user: null },
      'POST /api/auth/phone/start': problem(429, 'too_many_requests', { retryAfterSeconds: 1200 }),
    });
    const app = renderApp('/auth/login');
    await app.user.type(await screen.findByLabelText(/Phone number/), '+44 7911 123456');
    await app.user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(
      await screen.findByText('Too many attempts. Try again in 20 minutes.'),
    ).toBeInTheDocument();
  });

  it('says the text message could not be sent and when to try again, keeping the number', async () => {
    mockApi({
      'GET /api/auth/session': { user: null },
      'POST /api/auth/phone/start': problem(503, 'sms_unavailable', { retryAfterSeconds: 20 }),
    });
    const app = renderApp('/auth/login');
    const phone = await screen.findByLabelText(/Phone number/);
    await app.user.type(phone, '98765 43210');
    await app.user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(
      await screen.findByText(
        "We couldn't send the text message just now. Nothing is wrong with your number: try again in 20 seconds.",
      ),
    ).toBeInTheDocument();
    expect(phone).toHaveValue('98765 43210');
    expect(app.currentPath()).toBe('/auth/login');
  });
});

describe('code page', () => {
  async function enterCode(app: ReturnType<typeof renderApp>, code: string) {
    await app.user.click(await screen.findByLabelText('Verification code'));
    await app.user.keyboard(code);
    await app.user.click(screen.getByRole('button', { name: 'Verify' }));
  }

  it('signs in and goes to the redirect target', async () => {
    const verificationId = startedId();
    const requests = mockApi({
      'GET /api/auth/session': { user: null },
      'POST /api/auth/phone/verify': json({
        user: makeUser(),
        isNewUser: false,
        expiresAt: '2030-01-01T00:00:00.000Z',
      }),
    });
    const app = renderApp(`/auth/verify-code/${verificationId}?redirect=%2Forgs%2Fcreate`);
    await enterCode(app, '123456');
    expect(
      await screen.findByRole('heading', { name: 'Create an organisation' }),
    ).toBeInTheDocument();
    expect(app.currentPath()).toBe('/orgs/create');
    expect(requests.find((r) => r.path === '/api/auth/phone/verify')?.body).toEqual({
      verificationId,
      code: '123456',
      tokenDelivery: 'cookie',
    });
  });

  it('ignores a redirect to another site', async () => {
    mockApi({
      'GET /api/auth/session': { user: null },
      'POST /api/auth/phone/verify': json({
        user: makeUser(),
        isNewUser: false,
        expiresAt: '2030-01-01T00:00:00.000Z',
      }),
      'GET /api/home': makeHome(),
    });
    const app = renderApp(`/auth/verify-code/${startedId()}?redirect=%2F%2Fevil.example%2F`);
    await enterCode(app, '123456');
    await waitFor(() => expect(app.currentPath()).toBe('/'));
  });

  it('asks a new user for their name, saves it, then continues', async () => {
    const user = makeUser({ displayName: null });
    const requests = mockApi({
      'GET /api/auth/session': { user: null },
      'POST /api/auth/phone/verify': json({
        user,
        isNewUser: true,
        expiresAt: '2030-01-01T00:00:00.000Z',
      }),
      'PUT /api/account': (request) =>
        json({
          user: { ...user, displayName: (request.body as { displayName: string }).displayName },
          selfProfile: {
            id: newId(),
            displayName: 'Meera Iyer',
            dateOfBirth: null,
            relationship: 'self',
            createdAt: user.createdAt,
          },
        }),
      'GET /api/orgs/:orgId': () => problem(404, 'not_found'),
    });
    const app = renderApp(`/auth/verify-code/${startedId()}?redirect=%2Forgs%2Fo1`);
    await enterCode(app, '654321');
    expect(await screen.findByRole('heading', { name: "What's your name?" })).toBeInTheDocument();
    await app.user.type(screen.getByLabelText(/Your name/), '  Meera Iyer ');
    await app.user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(app.currentPath()).toBe('/orgs/o1'));
    expect(requests.find((r) => r.path === '/api/account')?.body).toEqual({
      displayName: 'Meera Iyer',
    });
  });

  it.each([
    [
      problem(400, 'invalid_code', { attemptsLeft: 3 }),
      'Check the SMS and try again. You have 3 tries left.',
    ],
    [
      problem(400, 'invalid_code', { attemptsLeft: 1 }),
      'Check the SMS and try again. You have 1 try left.',
    ],
    [problem(400, 'code_expired'), 'Codes work for 5 minutes. Send a new code and enter it here.'],
    [
      problem(400, 'code_burned'),
      'It was entered wrongly too many times. Send a new code to try again.',
    ],
    [
      problem(429, 'too_many_requests', { retryAfterSeconds: 42 }),
      'Wait 42 seconds before trying again.',
    ],
  ])('explains a refused code (%#)', async (answer, message) => {
    mockApi({
      'GET /api/auth/session': { user: null },
      'POST /api/auth/phone/verify': () => answer.clone(),
    });
    const app = renderApp(`/auth/verify-code/${startedId()}`);
    await enterCode(app, '000000');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(app.currentPath()).toMatch(/^\/auth\/verify-code\//);
  });

  it('asks for all 6 digits before calling the API', async () => {
    const requests = mockApi({ 'GET /api/auth/session': { user: null } });
    const app = renderApp(`/auth/verify-code/${startedId()}`);
    await enterCode(app, '123');
    expect(await screen.findByRole('alert')).toHaveTextContent('The code has 6 digits.');
    expect(requests.map((r) => r.path)).toEqual(['/api/auth/session']);
  });

  it('says an unknown or expired code request is unknown, with a way back to phone sign-in', async () => {
    const requests = mockApi({ 'GET /api/auth/session': { user: null } });
    const app = renderApp(`/auth/verify-code/${newId()}?redirect=%2Faccount`);
    expect(
      await screen.findByRole('heading', { name: 'This code request is unknown or has expired' }),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Verification code')).not.toBeInTheDocument();
    await app.user.click(screen.getByRole('link', { name: 'Sign in with your phone number' }));
    await waitFor(() => expect(app.currentPath()).toBe('/auth/login?redirect=%2Faccount'));
    expect(requests.map((r) => r.path)).toEqual(['/api/auth/session']);
  });

  it('sends a new code once the cooldown is over and moves to its code page', async () => {
    const oldId = newId();
    const newVerificationId = newId();
    savePendingSignIn(oldId, { phoneNumber: '+919876543210', resendAvailableAt: Date.now() - 1 });
    const requests = mockApi({
      'GET /api/auth/session': { user: null },
      'POST /api/auth/phone/start': json(startAnswer(newVerificationId)),
    });
    const app = renderApp(`/auth/verify-code/${oldId}?redirect=%2Faccount`);
    await app.user.click(await screen.findByRole('button', { name: 'Send a new code' }));
    await waitFor(() =>
      expect(app.currentPath()).toBe(`/auth/verify-code/${newVerificationId}?redirect=%2Faccount`),
    );
    expect(requests.find((r) => r.path === '/api/auth/phone/start')?.body).toEqual({
      phoneNumber: '+919876543210',
    });
    expect(
      await screen.findByRole('button', { name: /Send a new code in \d+ seconds/ }),
    ).toBeDisabled();
  });
});

describe('link sign-in pages', () => {
  it('/auth/init-app-auth says plainly that it is not available yet', async () => {
    const requests = mockApi({ 'GET /api/auth/session': { user: null } });
    renderApp('/auth/init-app-auth');
    expect(
      await screen.findByRole('heading', { name: 'Sign in to the Rally app' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/isn't available yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in with your phone number' })).toHaveAttribute(
      'href',
      '/auth/login',
    );
    expect(requests.map((r) => r.path)).toEqual(['/api/auth/session']);
  });
});

describe('sign-in link page (/auth/token/{customToken})', () => {
  const token = 'Hk3b0ZqQ9x2V7c1mNw4eRt6yUi8oPa5sDf0gJh2kLzX';

  it('exchanges the token once, hides it from the address bar and goes on to the redirect', async () => {
    const user = makeUser({ displayName: 'Asha Rao' });
    const requests = mockApi({
      'GET /api/auth/session': { user: null },
      'POST /api/auth/token': { user, isNewUser: false, expiresAt: '2027-01-01T00:00:00Z' },
      'GET /api/programs/:programId': () => problem(404, 'not_found'),
    });
    const replaceState = vi.spyOn(window.history, 'replaceState');
    const app = renderApp(`/auth/token/${token}?redirect=%2Fprograms%2Fp1`);
    await waitFor(() => expect(app.currentPath()).toBe('/programs/p1'));
    const exchanges = requests.filter((r) => r.path === '/api/auth/token');
    expect(exchanges.map((r) => r.body)).toEqual([{ customToken: token, tokenDelivery: 'cookie' }]);
    expect(replaceState.mock.calls.map((call) => call[2])).toEqual(['/auth/token/-']);
  });

  it.each([
    ['used', 'This link has already been used', /works once/],
    ['expired', 'This link has expired', /work for 5 minutes/],
    ['unknown', "This link isn't valid", /whole link was copied/],
  ])('says a %s link is refused and offers phone sign-in', async (reason, title, message) => {
    mockApi({
      'GET /api/auth/session': { user: null },
      'POST /api/auth/token': problem(400, 'invalid_token', { reason }),
    });
    renderApp(`/auth/token/${token}`);
    const alert = (await screen.findByText(title)).closest('[role="alert"]');
    expect(alert).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Sign in with your phone number' })).toHaveAttribute(
      'href',
      '/auth/login',
    );
  });

  it('offers "Try again" when the network failed, without spending the link', async () => {
    let calls = 0;
    mockApi({
      'GET /api/auth/session': { user: null },
      'POST /api/auth/token': () => {
        calls += 1;
        if (calls === 1) throw new TypeError('Failed to fetch');
        return json({ user: makeUser(), isNewUser: false, expiresAt: '2027-01-01T00:00:00Z' });
      },
      'GET /api/home': () => pending(),
    });
    const app = renderApp(`/auth/token/${token}`);
    await app.user.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(app.currentPath()).toBe('/'));
    expect(calls).toBe(2);
  });
});
