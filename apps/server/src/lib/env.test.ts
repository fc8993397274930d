import { describe, expect, it } from 'vitest';
import { loadConfig } from './env.ts';

describe('TRUSTED_ORIGINS', () => {
  it('is read as a comma-separated list of origins, none by default', () => {
    expect(loadConfig({}).trustedOrigins).toEqual([]);
    expect(
      loadConfig({ TRUSTED_ORIGINS: 'capacitor://localhost, https://localhost' }).trustedOrigins,
    ).toEqual(['capacitor://localhost', 'https://localhost']);
  });

  it('refuses at start anything a browser would not send as an Origin', () => {
    for (const value of [
      'https://rally.example/',
      'https://Rally.example',
      'https://x:443',
      'rally',
    ]) {
      expect(() => loadConfig({ TRUSTED_ORIGINS: value }), value).toThrow(/TRUSTED_ORIGINS/);
    }
  });
});

const TWILIO_ENV = {
  TWILIO_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef',
  TWILIO_AUTH_TOKEN: 'fake-twilio-auth-token-0123456789',
  TWILIO_FROM: '+15005550006',
};
const MSG91_ENV = {
  MSG91_AUTH_KEY: 'key',
  MSG91_TEMPLATE_ID: 'template',
  MSG91_SENDER_ID: 'RALLYC',
};

describe('SMS settings (DESIGN.md §3)', () => {
  it('sends through the console by default outside production', () => {
    expect(loadConfig({}).sms).toMatchObject({ fallback: 'console', routes: [], explicit: false });
  });

  it('refuses to start production without a chosen provider, and says what to set', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /SMS_PROVIDER: required in production: twilio or msg91/,
    );
    expect(
      loadConfig({ NODE_ENV: 'production', SMS_PROVIDER: 'console', TOTP_ENCRYPTION_KEYS: KEY })
        .sms,
    ).toMatchObject({
      fallback: 'console',
      explicit: true,
    });
  });

  it('names every missing setting of each provider in use, in one go', () => {
    let message = '';
    try {
      loadConfig({ SMS_PROVIDER: 'twilio', SMS_ROUTES: '+91=msg91' });
    } catch (err) {
      message = (err as Error).message;
    }
    for (const name of [
      'TWILIO_ACCOUNT_SID',
      'TWILIO_AUTH_TOKEN',
      'TWILIO_FROM',
      'MSG91_AUTH_KEY',
      'MSG91_TEMPLATE_ID',
      'MSG91_SENDER_ID',
    ]) {
      expect(message).toContain(name);
    }
  });

  it('refuses malformed values: SIDs, sending numbers, DLT headers, routes', () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ ...TWILIO_ENV, SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'AC12' }, /TWILIO_ACCOUNT_SID/],
      [{ ...TWILIO_ENV, SMS_PROVIDER: 'twilio', TWILIO_FROM: '5550006' }, /TWILIO_FROM/],
      [
        {
          ...TWILIO_ENV,
          SMS_PROVIDER: 'twilio',
          TWILIO_MESSAGING_SERVICE_SID: 'MG' + 'a'.repeat(32),
        },
        /one of them/,
      ],
      [{ ...MSG91_ENV, SMS_PROVIDER: 'msg91', MSG91_SENDER_ID: 'Rally' }, /MSG91_SENDER_ID/],
      [{ SMS_PROVIDER: 'sinch' }, /SMS_PROVIDER: one of console, twilio, msg91/],
      [{ SMS_ROUTES: '91=console' }, /SMS_ROUTES: "91=console" is not/],
      [{ SMS_ROUTES: '+91=sinch' }, /SMS_ROUTES/],
      [{ SMS_ROUTES: '+91=console,+91=console' }, /repeats a prefix/],
      [{ SMS_TIMEOUT_MS: '50' }, /SMS_TIMEOUT_MS/],
    ];
    for (const [env, error] of cases) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(error);
    }
  });

  it('routes by prefix and keeps the settings of the providers in use only', () => {
    const sms = loadConfig({
      ...TWILIO_ENV,
      ...MSG91_ENV,
      NODE_ENV: 'production',
      TOTP_ENCRYPTION_KEYS: KEY,
      SMS_PROVIDER: 'twilio',
      SMS_ROUTES: '+91=msg91, +1=twilio',
      SMS_TIMEOUT_MS: '5000',
      MSG91_API_URL: 'http://127.0.0.1:9/',
    }).sms;
    expect(sms.routes).toEqual([
      ['+91', 'msg91'],
      ['+1', 'twilio'],
    ]);
    expect(sms.twilio).toMatchObject({
      sender: { from: '+15005550006' },
      apiUrl: 'https://api.twilio.com',
      timeoutMs: 5000,
    });
    expect(sms.msg91).toMatchObject({ codeVariable: 'OTP', apiUrl: 'http://127.0.0.1:9' });
    expect(loadConfig({ ...TWILIO_ENV, ...MSG91_ENV }).sms).toMatchObject({
      twilio: undefined,
      msg91: undefined,
    });
  });
});

/** A well-formed TOTP key entry: an id and 32 bytes in base64. */
const KEY = `k1:${Buffer.alloc(32, 7).toString('base64')}`;

describe('sign-in settings (DESIGN.md §3, docs/decisions/024)', () => {
  it('allows the app redirect URIs of RFC 8252 only, the app scheme by default', () => {
    expect(loadConfig({}).appRedirectUris).toEqual(['app.rally:/auth/callback']);
    expect(
      loadConfig({
        APP_REDIRECT_URIS:
          'app.rally:/auth/callback, https://rally.example/app/callback, http://127.0.0.1/cb',
      }).appRedirectUris,
    ).toEqual([
      'app.rally:/auth/callback',
      'https://rally.example/app/callback',
      'http://127.0.0.1/cb',
    ]);
    for (const bad of [
      'javascript:alert(1)',
      'rally:/no-dot-scheme',
      'http://localhost:8080/cb',
      'http://rally.example/cb',
      'https://rally.example/cb#frag',
      'data:text/html,x',
      'not a uri',
    ]) {
      expect(() => loadConfig({ APP_REDIRECT_URIS: bad }), bad).toThrow(/APP_REDIRECT_URIS/);
    }
  });

  it('needs a TOTP encryption key in production and checks each key', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SMS_PROVIDER: 'console' })).toThrow(
      /TOTP_ENCRYPTION_KEYS: required in production/,
    );
    const two = `k2:${Buffer.alloc(32, 9).toString('base64')},${KEY}`;
    const keys = loadConfig({ TOTP_ENCRYPTION_KEYS: two }).totpKeys;
    expect(keys.map((k) => k.id)).toEqual(['k2', 'k1']);
    expect(keys[0]!.key).toHaveLength(32);
    expect(loadConfig({}).totpKeys.map((k) => k.id)).toEqual(['dev']);
    for (const bad of [
      'k1:short',
      'no-colon',
      `bad id!:${Buffer.alloc(32).toString('base64')}`,
      `${KEY},${KEY}`,
    ]) {
      expect(() => loadConfig({ TOTP_ENCRYPTION_KEYS: bad }), bad).toThrow(
        /TOTP_ENCRYPTION_KEYS: .*openssl rand -base64 32/,
      );
    }
  });
});
