import { describe, expect, it } from 'vitest';
import { APP_REDIRECT_URI, appLinkPath, isAppLinkPath } from './app-links';

const API = 'https://rally.example';

describe('appLinkPath (docs/decisions/028)', () => {
  it.each([
    ['app.rally:/programs/p1/events/e1', '/programs/p1/events/e1'],
    ['app.rally:///programs/p1/events/e1?tab=rsvp#top', '/programs/p1/events/e1?tab=rsvp#top'],
    [`${APP_REDIRECT_URI}?token=abc&state=xyz`, '/auth/callback?token=abc&state=xyz'],
    ['https://rally.example/programs/p1/subscriptions/new', '/programs/p1/subscriptions/new'],
    ['https://rally.example/programs/p1/', '/programs/p1/'],
    ['https://rally.example/p/k1/conversations/u2', '/p/k1/conversations/u2'],
    ['https://rally.example/auth/token/t0k3n', '/auth/token/t0k3n'],
    ['https://rally.example/account', '/account'],
  ])('opens %s at %s', (url, path) => {
    expect(appLinkPath(url, API)).toBe(path);
  });

  it.each([
    ['another host', 'https://evil.example/programs/p1'],
    ['http, not https', 'http://rally.example/programs/p1'],
    ['a path the app does not claim', 'https://rally.example/auth/init-app-auth?state=x'],
    ['the API', 'https://rally.example/api/config/client'],
    ['a bundle', 'https://rally.example/bundles/bundle-1.zip'],
    ['a host under the custom scheme', 'app.rally://programs/p1'],
    ['an empty segment', 'app.rally:/programs//p1'],
    ['a backslash (another site once resolved)', 'app.rally:/\\evil.example/x'],
    ['an encoded backslash', 'app.rally:/programs/%5Cevil.example'],
    ['the handoff page through the scheme', 'app.rally:/auth/init-app-auth?state=x'],
    ['a path the app does not claim through the scheme', 'app.rally:/auth/login'],
    ['the root through the scheme', 'app.rally:/'],
    ['another scheme', 'javascript:alert(1)'],
    ['not a URL', 'programs/p1'],
  ])('ignores %s', (_, url) => {
    expect(appLinkPath(url, API)).toBeNull();
  });

  it('ignores https links when the API origin is unknown', () => {
    expect(appLinkPath('https://rally.example/programs/p1', '')).toBeNull();
  });
});

describe('isAppLinkPath', () => {
  it.each([
    ['/programs/p1', true],
    ['/programs/', false],
    ['/account', true],
    ['/account/delete', true],
    ['/accounting', false],
    ['/auth/login', false],
    ['/', false],
  ])('%s -> %s', (path, claimed) => {
    expect(isAppLinkPath(path)).toBe(claimed);
  });
});
