import { describe, expect, it } from 'vitest';
import { appRoutes, routePath } from './routes.ts';

describe('appRoutes — SPEC.md §2', () => {
  it('has every route of the spec with its exact path and flag', () => {
    const table = Object.fromEntries(appRoutes.map((r) => [r.name, [r.path, r.requiresAuth]]));
    expect(table).toEqual({
      login: ['/auth/login', false],
      'verify-token': ['/auth/token/:customToken', false],
      'app-auth': ['/auth/init-app-auth', false],
      'auth-verify-code': ['/auth/verify-code/:verificationId', false],
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
