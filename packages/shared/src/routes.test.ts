import { describe, expect, it } from 'vitest';
import { appRoutes, matchAppRoute, routePath } from './routes.ts';

describe('appRoutes — SPEC.md §2', () => {
  it('has every route of the spec with its exact path and flag', () => {
    const table = Object.fromEntries(appRoutes.map((r) => [r.name, [r.path, r.requiresAuth]]));
    expect(table).toEqual({
      login: ['/auth/login', false],
      'verify-token': ['/auth/token/:customToken', false],
      'app-auth': ['/auth/init-app-auth', false],
      'auth-verify-code': ['/auth/verify-code/:verificationId', false],
      'auth-verify-totp': ['/auth/verify-totp', false],
      root: ['/', true],
      account: ['/account', true],
      'delete-account': ['/account/delete', true],
      'global-admin': ['/global-admin', true],
      'create-org': ['/orgs/create', true],
      org: ['/orgs/:orgId', true],
      'org-settings': ['/orgs/:orgId/settings', true],
      program: ['/programs/:programId', true],
      'program-attendance': ['/programs/:programId/attendance', true],
      'program-calendar': ['/programs/:programId/calendar', true],
      'program-settings': ['/programs/:programId/settings', true],
      'program-event-new': ['/programs/:programId/events/new', null],
      'program-subscription-new': ['/programs/:programId/subscriptions/new', null],
      'program-subscription': ['/programs/:programId/subscriptions/:subscriptionId', true],
      'program-conversations': ['/programs/:programId/conversations', true],
      'program-conversation': ['/programs/:programId/conversations/:otherParty', true],
      'program-event': ['/programs/:programId/events/:eventId', true],
      'program-event-edit': ['/programs/:programId/events/:eventId/edit', true],
      'program-event-attendance': ['/programs/:programId/events/:eventId/attendance', true],
      'program-event-match': ['/programs/:programId/events/:eventId/match', true],
      'match-share': ['/share/:shareToken', null],
      'profile-calendar': ['/p/:profileId/calendar', true],
      'profile-event': ['/p/:profileId/events/:eventId', true],
      'profile-activities': ['/p/:profileId/activities', true],
      'profile-conversations': ['/p/:profileId/conversations', true],
      'profile-conversation': ['/p/:profileId/conversations/:otherParty', true],
      'profile-settings': ['/p/:profileId/settings', true],
    });
  });

  it('builds concrete paths and refuses missing parameters', () => {
    expect(routePath('program-event', { programId: 'a b', eventId: 'e' })).toBe(
      '/programs/a%20b/events/e',
    );
    expect(() => routePath('org', {})).toThrow(/orgId/);
  });
});

describe('matchAppRoute: the route of SPEC.md §2 at a path', () => {
  it('matches static and parameter segments, the fewest parameters winning', () => {
    expect(matchAppRoute('/')?.route.name).toBe('root');
    expect(matchAppRoute('/auth/login')?.route.name).toBe('login');
    expect(matchAppRoute('/orgs/create')?.route.name).toBe('create-org');
    expect(matchAppRoute('/orgs/0190-abc')?.route.name).toBe('org');
    expect(matchAppRoute('/programs/p1/events/new')?.route.name).toBe('program-event-new');
    expect(matchAppRoute('/programs/p1/events/e1')?.route.name).toBe('program-event');
    expect(matchAppRoute('/programs/p1/events/e1/attendance')?.route.name).toBe(
      'program-event-attendance',
    );
    expect(matchAppRoute('/p/x/calendar/')?.route.name).toBe('profile-calendar');
    expect(matchAppRoute('/programs/p1/events/e1/attendance')?.params).toEqual({
      programId: 'p1',
      eventId: 'e1',
    });
  });

  it('matches no route for an unknown path, an empty parameter or a longer path', () => {
    expect(matchAppRoute('/nope')).toBeUndefined();
    expect(matchAppRoute('/orgs//settings')).toBeUndefined();
    expect(matchAppRoute('/account/delete/now')).toBeUndefined();
    expect(matchAppRoute('/p/x')).toBeUndefined();
  });
});
