import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, mockApi, pending, problem } from '../../test/api-mock';
import { makeHome, makeUser, newId } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { leaveApp } from '../../lib/leave-app';
import {
  clearTotpChallenge,
  readTotpChallenge,
  savePendingSignIn,
  saveTotpChallenge,
} from './pending-sign-in';

// The app redirect leaves the page: watched, not followed (jsdom cannot navigate to app.rally:).
vi.mock('../../lib/leave-app', () => ({ leaveApp: vi.fn() }));

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

describe('app sign-in (/auth/init-app-auth, RFC 8252 + PKCE)', () => {
  const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
  const query = `code_challenge=${challenge}&code_challenge_method=S256&state=xyz%2F1&redirect_uri=app.rally%3A%2Fauth%2Fcallback`;
  const appLocation = 'app.rally:/auth/callback?token=tok&state=xyz%2F1';

  it('asks a signed-in person before handing the session to the app, then opens the app redirect', async () => {
    const leave = vi.mocked(leaveApp);
    leave.mockClear();
    const requests = mockApi({
      'GET /api/auth/session': { user: makeUser({ phoneNumber: '+919876543210' }) },
      'GET /api/auth/app-handoff/redirect-uri': { allowed: true },
      'POST /api/auth/app-handoff': json(
        { location: appLocation, expiresAt: '2030-01-01T00:02:00Z' },
        201,
      ),
    });
    const app = renderApp(`/auth/init-app-auth?${query}`);
    expect(
      await screen.findByText('Continue to the Rally app as +919876543210?'),
    ).toBeInTheDocument();
    expect(requests.some((r) => r.path === '/api/auth/app-handoff')).toBe(false);
    await app.user.click(screen.getByRole('button', { name: 'Continue to the app' }));
    expect(await screen.findByText('Opening the Rally app…')).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/api/auth/app-handoff')?.body).toEqual({
      codeChallenge: challenge,
      codeChallengeMethod: 'S256',
      state: 'xyz/1',
      redirectUri: 'app.rally:/auth/callback',
    });
    expect(leave).toHaveBeenCalledWith(appLocation);
  });

  it('sends a signed-out person to sign in and back, then on to the app without asking again', async () => {
    const leave = vi.mocked(leaveApp);
    leave.mockClear();
    let signedIn = false;
    mockApi({
      'GET /api/auth/session': () => json({ user: signedIn ? makeUser() : null }),
      'GET /api/auth/app-handoff/redirect-uri': { allowed: true },
      'POST /api/auth/phone/verify': () => {
        signedIn = true;
        return json({ user: makeUser(), isNewUser: false, expiresAt: '2030-01-01T00:00:00Z' });
      },
      'POST /api/auth/app-handoff': json(
        { location: appLocation, expiresAt: '2030-01-01T00:02:00Z' },
        201,
      ),
    });
    const app = renderApp(`/auth/init-app-auth?${query}`);
    await waitFor(() => expect(app.currentPath()).toMatch(/^\/auth\/login\?redirect=/));
    const back = new URLSearchParams(app.currentPath().split('?')[1]).get('redirect');
    expect(back).toBe(`/auth/init-app-auth?${query}`);

    // The code step (as after "Send code"), then back to the app request.
    const verificationId = startedId();
    await app.navigate(`/auth/verify-code/${verificationId}?redirect=${encodeURIComponent(back!)}`);
    await app.user.click(await screen.findByLabelText('Verification code'));
    await app.user.keyboard('123456');
    await app.user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith(appLocation));
    expect(screen.queryByRole('button', { name: 'Continue to the app' })).toBeNull();
  });

  it('refuses a redirect URI that is not the app before anyone signs in', async () => {
    const requests = mockApi({
      'GET /api/auth/session': { user: null },
      'GET /api/auth/app-handoff/redirect-uri': { allowed: false },
    });
    const app = renderApp(
      `/auth/init-app-auth?code_challenge=${challenge}&code_challenge_method=S256&state=s&redirect_uri=evil.app%3A%2Fcb`,
    );
    expect(await screen.findByText("This app address isn't allowed")).toBeInTheDocument();
    expect(app.currentPath()).toMatch(/^\/auth\/init-app-auth/);
    expect(requests.some((r) => r.path === '/api/auth/app-handoff')).toBe(false);
  });

  it.each([
    ['without a challenge', 'code_challenge_method=S256&state=s&redirect_uri=app.rally%3A%2Fcb'],
    [
      'with a plain challenge',
      `code_challenge=${challenge}&code_challenge_method=plain&state=s&redirect_uri=app.rally%3A%2Fcb`,
    ],
    ['without a state', `code_challenge=${challenge}&redirect_uri=app.rally%3A%2Fcb`],
    ['with nothing', ''],
  ])('says an incomplete request (%s) cannot go on', async (_, search) => {
    const requests = mockApi({ 'GET /api/auth/session': { user: makeUser() } });
    renderApp(`/auth/init-app-auth?${search}`);
    expect(await screen.findByText('This sign-in request is incomplete')).toBeInTheDocument();
    expect(requests.map((r) => r.path)).toEqual(['/api/auth/session']);
  });

  it('asks to sign in again when the app needs the authenticator step this browser did not pass', async () => {
    mockApi({
      'GET /api/auth/session': { user: makeUser() },
      'GET /api/auth/app-handoff/redirect-uri': { allowed: true },
      'POST /api/auth/app-handoff': problem(403, 'totp_required'),
      'POST /api/auth/signout': new Response(null, { status: 204 }),
    });
    const app = renderApp(`/auth/init-app-auth?${query}`);
    await app.user.click(await screen.findByRole('button', { name: 'Continue to the app' }));
    expect(
      await screen.findByText('Sign in again with your authenticator app'),
    ).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Sign in again' }));
    await waitFor(() => expect(app.currentPath()).toMatch(/^\/auth\/login\?redirect=/));
  });
});

describe('authenticator-code page (/auth/verify-totp)', () => {
  const challengeAnswer = {
    secondFactor: 'totp',
    challengeToken: 'challenge-token-of-this-tab',
    expiresAt: '2099-01-01T00:05:00.000Z',
  };

  it('follows the phone code for a user with an authenticator app and signs in with its code', async () => {
    const verificationId = startedId();
    const requests = mockApi({
      'GET /api/auth/session': { user: null },
      'POST /api/auth/phone/verify': json(challengeAnswer),
      'POST /api/auth/totp/verify': json({
        user: makeUser(),
        isNewUser: false,
        expiresAt: '2030-01-01T00:00:00.000Z',
      }),
    });
    const app = renderApp(`/auth/verify-code/${verificationId}?redirect=%2Forgs%2Fcreate`);
    await app.user.click(await screen.findByLabelText('Verification code'));
    await app.user.keyboard('123456');
    await app.user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(
      await screen.findByRole('heading', { name: 'Enter your authenticator code' }),
    ).toBeInTheDocument();
    expect(app.currentPath()).toBe('/auth/verify-totp?redirect=%2Forgs%2Fcreate');
    expect(app.currentPath()).not.toContain(challengeAnswer.challengeToken);
    await app.user.click(screen.getByLabelText('Authenticator code'));
    await app.user.keyboard('654321');
    await app.user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(app.currentPath()).toBe('/orgs/create'));
    expect(requests.find((r) => r.path === '/api/auth/totp/verify')?.body).toEqual({
      challengeToken: challengeAnswer.challengeToken,
      code: '654321',
      tokenDelivery: 'cookie',
    });
  });

  it('takes a recovery code, and says a wrong code and how many tries are left', async () => {
    saveTotpChallenge(challengeAnswer);
    let calls = 0;
    const requests = mockApi({
      'GET /api/auth/session': { user: null },
      'POST /api/auth/totp/verify': () => {
        calls += 1;
        return calls === 1
          ? problem(400, 'invalid_code', { detail: 'Wrong code. 4 tries left.', attemptsLeft: 4 })
          : json({ user: makeUser(), isNewUser: false, expiresAt: '2030-01-01T00:00:00.000Z' });
      },
      'GET /api/programs/:programId': () => problem(404, 'not_found'),
    });
    const app = renderApp('/auth/verify-totp?redirect=%2Fprograms%2Fp1');
    await app.user.click(
      await screen.findByRole('button', { name: 'Use a recovery code instead' }),
    );
    await app.user.type(screen.getByLabelText('Recovery code'), 'abcd-efgh-jkm');
    await app.user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(/12 letters and digits/)).toBeInTheDocument();
    expect(calls).toBe(0);
    await app.user.type(screen.getByLabelText('Recovery code'), 'n');
    await app.user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Wrong code. 4 tries left.')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(app.currentPath()).toBe('/programs/p1'));
    expect(requests.filter((r) => r.path === '/api/auth/totp/verify')[0]?.body).toMatchObject({
      code: 'abcdefghjkmn',
    });
  });

  it.each([
    [
      'a finished, expired or unknown sign-in',
      problem(400, 'invalid_token', { reason: 'expired' }),
    ],
    ['5 wrong codes', problem(400, 'code_burned')],
  ])('sends the person back to phone sign-in after %s', async (_, answer) => {
    saveTotpChallenge(challengeAnswer);
    mockApi({
      'GET /api/auth/session': { user: null },
      'POST /api/auth/totp/verify': answer,
    });
    const app = renderApp('/auth/verify-totp?redirect=%2Faccount');
    await app.user.click(await screen.findByLabelText('Authenticator code'));
    await app.user.keyboard('111111');
    await app.user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Sign in again')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in with your phone number' })).toHaveAttribute(
      'href',
      '/auth/login?redirect=%2Faccount',
    );
    expect(readTotpChallenge()).toBeNull();
  });

  it('has nothing to finish without a sign-in started in this tab', async () => {
    clearTotpChallenge();
    const requests = mockApi({ 'GET /api/auth/session': { user: null } });
    renderApp('/auth/verify-totp');
    expect(await screen.findByText("There's no sign-in to finish here")).toBeInTheDocument();
    expect(requests.map((r) => r.path)).toEqual(['/api/auth/session']);
  });

  it('follows a sign-in link of a user with an authenticator app', async () => {
    mockApi({
      'GET /api/auth/session': { user: null },
      'POST /api/auth/token': challengeAnswer,
    });
    const app = renderApp('/auth/token/Hk3b0ZqQ9x2V7c1mNw4eRt6yUi8oPa5sDf0gJh2kLzX');
    expect(
      await screen.findByRole('heading', { name: 'Enter your authenticator code' }),
    ).toBeInTheDocument();
    expect(app.currentPath()).toBe('/auth/verify-totp');
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
