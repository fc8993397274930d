import { REDIRECT_QUERY_PARAM } from '@rally/shared/constants';
import { appRoutes } from '@rally/shared/routes';
import { describe, expect, it } from 'vitest';
import { matchAppRoute, resolveNavigation } from './guard';

const signedOut = { isLoading: false, isSignedIn: false };
const signedIn = { isLoading: false, isSignedIn: true };
const loading = { isLoading: true, isSignedIn: false };

const sampleParams: Record<string, string> = {
  orgId: '0190a1b2-0000-7000-8000-000000000001',
  programId: '0190a1b2-0000-7000-8000-000000000002',
  eventId: '0190a1b2-0000-7000-8000-000000000003',
  subscriptionId: '0190a1b2-0000-7000-8000-000000000004',
  profileId: '0190a1b2-0000-7000-8000-000000000005',
  otherParty: '0190a1b2-0000-7000-8000-000000000006',
  customToken: 'tok.en-123',
  verificationId: '0190a1b2-0000-7000-8000-000000000007',
};

function samplePath(path: string): string {
  return path.replace(/:([A-Za-z]+)/g, (_, key: string) => sampleParams[key] ?? key);
}

// SPEC.md §2, row by row (the profile base is not a named route), plus the
// authenticator-code page §1 hints at.
const specRouteTable = [
  ['login', '/auth/login', false],
  ['verify-token', '/auth/token/:customToken', false],
  ['app-auth', '/auth/init-app-auth', false],
  ['auth-verify-code', '/auth/verify-code/:verificationId', false],
  ['auth-verify-totp', '/auth/verify-totp', false],
  ['root', '/', true],
  ['account', '/account', true],
  ['delete-account', '/account/delete', true],
  ['global-admin', '/global-admin', true],
  ['create-org', '/orgs/create', true],
  ['org', '/orgs/:orgId', true],
  ['org-settings', '/orgs/:orgId/settings', true],
  ['program', '/programs/:programId', true],
  ['program-attendance', '/programs/:programId/attendance', true],
  ['program-calendar', '/programs/:programId/calendar', true],
  ['program-settings', '/programs/:programId/settings', true],
  ['program-event-new', '/programs/:programId/events/new', null],
  ['program-subscription-new', '/programs/:programId/subscriptions/new', null],
  ['program-subscription', '/programs/:programId/subscriptions/:subscriptionId', true],
  ['program-conversations', '/programs/:programId/conversations', true],
  ['program-conversation', '/programs/:programId/conversations/:otherParty', true],
  ['program-event', '/programs/:programId/events/:eventId', true],
  ['program-event-edit', '/programs/:programId/events/:eventId/edit', true],
  ['program-event-attendance', '/programs/:programId/events/:eventId/attendance', true],
  ['program-event-match', '/programs/:programId/events/:eventId/match', true],
  // A match's signed-out share link (docs/decisions/030).
  ['match-share', '/share/:shareToken', null],
  ['profile-calendar', '/p/:profileId/calendar', true],
  ['profile-event', '/p/:profileId/events/:eventId', true],
  ['profile-activities', '/p/:profileId/activities', true],
  ['profile-conversations', '/p/:profileId/conversations', true],
  ['profile-conversation', '/p/:profileId/conversations/:otherParty', true],
  ['profile-settings', '/p/:profileId/settings', true],
];

/** Reads the `redirect` parameter of a login path the way the login page does. */
function redirectParamOf(to: string): string | null {
  return new URL(to, 'https://rally.test').searchParams.get(REDIRECT_QUERY_PARAM);
}

describe('resolveNavigation over the route table of SPEC.md §2', () => {
  it('is exactly the table of SPEC.md §2 (names, paths, sign-in flags)', () => {
    expect(appRoutes.map((r) => [r.name, r.path, r.requiresAuth])).toEqual(specRouteTable);
  });

  describe.each(appRoutes.map((route) => [route.name, route] as const))('%s', (_name, route) => {
    const path = samplePath(route.path);

    it('waits while the sign-in state loads', () => {
      expect(resolveNavigation(path, loading)).toEqual({ kind: 'wait' });
    });

    it('renders its own page when signed in', () => {
      expect(resolveNavigation(path, signedIn)).toEqual({ kind: 'render', route });
    });

    if (route.requiresAuth === true) {
      it('redirects a signed-out visitor to login carrying the full path', () => {
        const decision = resolveNavigation(path, signedOut);
        expect(decision.kind).toBe('redirect');
        if (decision.kind !== 'redirect') return;
        expect(decision.to.startsWith('/auth/login?redirect=')).toBe(true);
        expect(redirectParamOf(decision.to)).toBe(path);
      });
    } else {
      it(`renders for a signed-out visitor (requiresAuth ${String(route.requiresAuth)})`, () => {
        expect(resolveNavigation(path, signedOut)).toEqual({ kind: 'render', route });
      });
    }
  });
});

describe('resolveNavigation specifics', () => {
  it('keeps query string and hash in the redirect parameter, URL-encoded', () => {
    const fullPath = '/programs/abc/calendar?view=list&from=2025-01-01T00:00:00+05:30#today';
    const decision = resolveNavigation(fullPath, signedOut);
    expect(decision).toEqual({
      kind: 'redirect',
      to:
        '/auth/login?redirect=%2Fprograms%2Fabc%2Fcalendar%3Fview%3Dlist%26from%3D' +
        '2025-01-01T00%3A00%3A00%2B05%3A30%23today',
    });
    if (decision.kind === 'redirect') expect(redirectParamOf(decision.to)).toBe(fullPath);
  });

  it('lets a signed-out visitor reach program-event-new and program-subscription-new', () => {
    const eventNew = resolveNavigation('/programs/p1/events/new?x=1', signedOut);
    const subscriptionNew = resolveNavigation('/programs/p1/subscriptions/new', signedOut);
    expect(eventNew.kind === 'render' && eventNew.route.name).toBe('program-event-new');
    expect(subscriptionNew.kind === 'render' && subscriptionNew.route.name).toBe(
      'program-subscription-new',
    );
  });

  it('prefers static segments over parameters', () => {
    expect(matchAppRoute('/orgs/create')?.name).toBe('create-org');
    expect(matchAppRoute('/orgs/o1')?.name).toBe('org');
    expect(matchAppRoute('/programs/p1/events/new')?.name).toBe('program-event-new');
    expect(matchAppRoute('/programs/p1/events/e1')?.name).toBe('program-event');
    expect(matchAppRoute('/programs/p1/subscriptions/new')?.name).toBe('program-subscription-new');
    expect(matchAppRoute('/programs/p1/subscriptions/s1')?.name).toBe('program-subscription');
    expect(matchAppRoute('/account/delete')?.name).toBe('delete-account');
  });

  it.each([signedIn, signedOut])('redirects the profile base to its calendar (%o)', (auth) => {
    expect(resolveNavigation('/p/pr1', auth)).toEqual({ kind: 'redirect', to: '/p/pr1/calendar' });
    expect(resolveNavigation('/p/pr1?tab=x#y', auth)).toEqual({
      kind: 'redirect',
      to: '/p/pr1/calendar?tab=x#y',
    });
  });

  it('waits on the profile base and unknown paths too while loading', () => {
    expect(resolveNavigation('/p/pr1', loading)).toEqual({ kind: 'wait' });
    expect(resolveNavigation('/nope', loading)).toEqual({ kind: 'wait' });
  });

  it.each([
    '/nope',
    '/auth',
    '/auth/token',
    '/orgs',
    '/programs',
    '/programs/p1/events',
    '/programs/p1/events/e1/unknown',
    '/p',
    '/p/pr1/unknown',
    '/account/delete/now',
  ])('finds no page at %s', (path) => {
    expect(resolveNavigation(path, signedIn)).toEqual({ kind: 'not-found' });
    expect(resolveNavigation(path, signedOut)).toEqual({ kind: 'not-found' });
  });
});
