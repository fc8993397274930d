import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@rally/shared/constants';
import { createTestApp, newPhone, signUp, type TestApp } from '../../test/harness.ts';

/* Sessions you can see and revoke (DESIGN.md §3, docs/decisions/023). */

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE_APP =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const WINDOWS_FIREFOX =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ipCounter = 0;
/** Signs `phone` in once more through the API; returns the Bearer token or the cookie's. */
async function signIn(phone: string, userAgent: string, delivery: 'cookie' | 'bearer') {
  ipCounter += 1;
  const start = await t.request({
    method: 'POST',
    url: '/api/auth/phone/start',
    payload: { phoneNumber: phone },
    remoteAddress: `192.0.2.${ipCounter}`,
  });
  expect(start.statusCode).toBe(200);
  t.clock.advance(61_000); // past the resend cooldown for the next sign-in
  const verify = await t.request({
    method: 'POST',
    url: '/api/auth/phone/verify',
    headers: { 'user-agent': userAgent },
    payload: {
      verificationId: start.json().verificationId,
      code: t.sms.messagesFor(phone)[0]?.code,
      tokenDelivery: delivery,
    },
  });
  expect(verify.statusCode).toBe(200);
  if (delivery === 'bearer') return verify.json().token as string;
  const cookie = verify.cookies.find((c) => c.name === SESSION_COOKIE);
  return cookie?.value ?? '';
}

function list(token: string) {
  return t.request({ method: 'GET', url: '/api/auth/sessions', token });
}

describe('the session list', () => {
  it('shows a new session for every sign-in: browser or app, device, times, this one marked', async () => {
    const phone = newPhone();
    const browser = await signIn(phone, ANDROID_CHROME, 'cookie');
    const app = await signIn(phone, IPHONE_APP, 'bearer');
    const res = await t.request({
      method: 'GET',
      url: '/api/auth/sessions',
      cookies: { [SESSION_COOKIE]: browser },
    });
    expect(res.statusCode).toBe(200);
    const sessions = res.json().sessions;
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({
      clientKind: 'app',
      os: 'iOS',
      deviceType: 'mobile',
      isCurrent: false,
    });
    expect(sessions[1]).toMatchObject({
      clientKind: 'browser',
      browser: 'Chrome',
      os: 'Android',
      deviceType: 'mobile',
      isCurrent: true,
    });
    expect(sessions[0].id).not.toBe(sessions[1].id);
    expect(Date.parse(sessions[0].createdAt)).toBeGreaterThan(Date.parse(sessions[1].createdAt));
    expect(
      (await list(app)).json().sessions.find((s: { isCurrent: boolean }) => s.isCurrent),
    ).toMatchObject({ clientKind: 'app' });
  });

  it("lists only the caller's live sessions", async () => {
    const other = await signUp(t, 'Someone Else');
    const me = await signUp(t, 'Me');
    const mine = (await list(me.token)).json().sessions;
    expect(mine).toHaveLength(1);
    const theirs = (await list(other.token)).json().sessions;
    expect(theirs.map((s: { id: string }) => s.id)).not.toContain(mine[0].id);
  });
});

describe('revoking', () => {
  it('revokes one session: its token stops working at once, the others go on', async () => {
    const phone = newPhone();
    const laptop = await signIn(phone, WINDOWS_FIREFOX, 'bearer');
    const phoneApp = await signIn(phone, IPHONE_APP, 'bearer');
    const laptopSession = (await list(laptop))
      .json()
      .sessions.find((s: { isCurrent: boolean }) => s.isCurrent);
    expect(laptopSession).toMatchObject({
      browser: 'Firefox',
      os: 'Windows',
      deviceType: 'desktop',
    });
    const res = await t.request({
      method: 'DELETE',
      url: `/api/auth/sessions/${laptopSession.id}`,
      token: phoneApp,
    });
    expect(res.statusCode).toBe(204);
    expect((await list(laptop)).statusCode).toBe(401);
    expect((await list(phoneApp)).json().sessions).toHaveLength(1);
    // Revoked already: nothing to revoke.
    const again = await t.request({
      method: 'DELETE',
      url: `/api/auth/sessions/${laptopSession.id}`,
      token: phoneApp,
    });
    expect(again.statusCode).toBe(404);
  });

  it("answers 404 for someone else's session and leaves it alone", async () => {
    const victim = await signUp(t, 'Victim');
    const attacker = await signUp(t, 'Attacker');
    const victimSession = (await list(victim.token)).json().sessions[0];
    const res = await t.request({
      method: 'DELETE',
      url: `/api/auth/sessions/${victimSession.id}`,
      token: attacker.token,
    });
    expect(res.statusCode).toBe(404);
    expect((await list(victim.token)).statusCode).toBe(200);
  });

  it('revoking the current session signs this browser out and clears its cookie', async () => {
    const phone = newPhone();
    const browser = await signIn(phone, ANDROID_CHROME, 'cookie');
    const current = (
      await t.request({
        method: 'GET',
        url: '/api/auth/sessions',
        cookies: { [SESSION_COOKIE]: browser },
      })
    ).json().sessions[0];
    const res = await t.request({
      method: 'DELETE',
      url: `/api/auth/sessions/${current.id}`,
      cookies: { [SESSION_COOKIE]: browser },
    });
    expect(res.statusCode).toBe(204);
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe('');
  });

  it('signs out everywhere else: every other session ends, this one stays', async () => {
    const phone = newPhone();
    const others = [
      await signIn(phone, WINDOWS_FIREFOX, 'bearer'),
      await signIn(phone, IPHONE_APP, 'bearer'),
    ];
    const here = await signIn(phone, ANDROID_CHROME, 'bearer');
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/sessions/revoke-others',
      token: here,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ revoked: 2 });
    for (const token of others) expect((await list(token)).statusCode).toBe(401);
    expect((await list(here)).json().sessions).toEqual([
      expect.objectContaining({ isCurrent: true, browser: 'Chrome' }),
    ]);
  });
});
