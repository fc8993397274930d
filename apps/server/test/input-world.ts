import { pathParamNames, type Operation } from '@rally/shared/api/operation';
import { createProgram, type TestApp } from './harness.ts';
import { ROUTE_INPUTS, type RouteInput } from './route-inputs.ts';
import { createWorld, type World } from './world.ts';

/** A {@link World} plus what the hostile-input tests may spend: an event to cancel, one to delete, a program to archive, a feed. */
export interface InputWorld extends World {
  spareEventId: string;
  eventToDeleteId: string;
  spareProgramId: string;
  /** `{token}.ics` of the owner's own calendar feed (the routes here rotate only the child's). */
  feedFile: string;
  /**
   * The share link secret of a second match of program P that kicked off
   * (docs/decisions/030); its own match, as the routes here void the
   * world's kickoff, which makes that match planned (not shared) again.
   */
  matchShareToken: string;
}

/**
 * Builds an {@link InputWorld} through the API: {@link createWorld} plus two
 * spare events and a spare program of org A, a calendar feed of A's
 * owner's own profile and a kicked-off match to share.
 */
export async function createInputWorld(t: TestApp): Promise<InputWorld> {
  const world = await createWorld(t);
  const owner = world.users.orgOwner;
  const spareEvent = async () => {
    const res = await t.req(owner, 'POST', `/api/programs/${world.programId}/events`, {
      title: 'Spare',
      startLocal: '2030-01-21T18:00',
      endLocal: '2030-01-21T19:00',
    });
    return res.json().event.id as string;
  };
  const feed = await t.req(
    owner,
    'POST',
    `/api/profiles/${world.selfProfiles.orgOwner}/calendar-feed`,
  );
  const sharedMatch = await t.req(owner, 'POST', `/api/programs/${world.programId}/events`, {
    title: 'Shared match',
    kind: 'match',
    startLocal: '2030-01-19T09:00',
    endLocal: '2030-01-19T10:00',
  });
  const kickoff = await t.req(
    owner,
    'POST',
    `/api/programs/${world.programId}/events/${sharedMatch.json().event.id}/match/incidents`,
    {
      incidents: [
        {
          clientId: '0190f3c2-5c4a-7000-8000-00000000face',
          type: 'period_start',
          period: 1,
          clockMs: 0,
          occurredAt: '2030-01-19T03:30:00Z',
        },
      ],
    },
  );
  return {
    ...world,
    matchShareToken: kickoff.json().match.shareToken as string,
    spareEventId: await spareEvent(),
    eventToDeleteId: await spareEvent(),
    spareProgramId: await createProgram(t, owner, world.orgId, { name: 'Spare' }),
    feedFile: (feed.json().feed.path as string).split('/').pop() as string,
  };
}

/** Who reaches a route by default: families on their profiles, global admins on /api/admin, else the org's owner. */
function defaultActor(route: string): RouteInput['as'] {
  if (route.startsWith('/api/admin/')) return 'globalAdmin';
  if (route.startsWith('/api/profiles') || route.startsWith('/api/family')) return 'profileManager';
  return 'orgOwner';
}

/** The value of path parameter `name` in `route` for the {@link InputWorld} `w`: ids the default actor may see. */
export function paramValue(w: InputWorld, route: string, name: string): string {
  const fromProfile = route.startsWith('/api/profiles/');
  const values: Record<string, string> = {
    orgId: w.orgId,
    programId: w.programId,
    eventId: w.eventId,
    profileId: w.childProfileId,
    subscriptionId: w.subscriptionId,
    planId: w.planId,
    inviteId: fromProfile ? w.profileInviteId : w.inviteId,
    userId: w.users.orgStaff.id,
    otherParty: fromProfile ? w.programId : w.childProfileId,
    messageId: fromProfile ? w.familyMessageId : w.staffMessageId,
    fileId: w.logoFileId,
    file: w.feedFile,
    claimId: w.paymentClaimId,
    formatId: w.matchFormatId,
    incidentId: w.matchIncidentId,
    clientId: `${w.users.orgOwner.id}-input-world-device`,
    shareToken: w.matchShareToken,
  };
  const value = values[name];
  if (value === undefined) throw new Error(`no value for :${name} of ${route}`);
  return value;
}

/** A value of the world by name: a user's id (`orgStaff`), or an id of {@link InputWorld} (`planId`). */
function worldValue(w: InputWorld, name: string): string {
  const user = (w.users as Record<string, { id: string } | undefined>)[name];
  const value = user ? user.id : (w as unknown as Record<string, unknown>)[name];
  if (typeof value !== 'string') throw new Error(`no world value {${name}}`);
  return value;
}

/** `value` with every `'{name}'` string replaced by {@link worldValue}. */
function resolve<T>(w: InputWorld, value: T): T {
  if (typeof value === 'string') {
    const name = /^\{(\w+)\}$/.exec(value)?.[1];
    return (name ? worldValue(w, name) : value) as T;
  }
  if (Array.isArray(value)) return value.map((v: unknown) => resolve(w, v)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(w, v)])) as T;
  }
  return value;
}

/**
 * The valid request of operation `op` in `w`: its {@link RouteInput} with
 * world values and the default actor filled in, and every path parameter's
 * value (unencoded). Throws for an operation missing from {@link ROUTE_INPUTS}.
 */
export function routeInput(
  w: InputWorld,
  op: Operation,
): { input: RouteInput; params: Record<string, string> } {
  const spec = (ROUTE_INPUTS as Record<string, Partial<RouteInput> | undefined>)[op.id];
  if (!spec) throw new Error(`no input for ${op.id}`);
  const route = op.path;
  const input = resolve(w, { ...spec, as: spec.as === undefined ? defaultActor(route) : spec.as });
  const params = Object.fromEntries(
    pathParamNames(route).map((name) => [name, input.params?.[name] ?? paramValue(w, route, name)]),
  );
  return { input, params };
}
