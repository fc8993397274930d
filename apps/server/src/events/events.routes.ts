import type { FastifyInstance, FastifyReply } from 'fastify';
import { contract } from '@rally/shared/api/contract';
import type { ProfileEvent } from '@rally/shared/events';
import { route } from '../http/contract-routes.ts';
import type { JsonText } from '../lib/json-text.ts';
import type { EventChangesService } from './event-changes.service.ts';
import type { EventDetailService } from './event-detail.service.ts';
import type { EventsService } from './events.service.ts';

const { events } = contract;

/** The services these routes call. */
interface EventRouteServices {
  eventChanges: EventChangesService;
  eventDetails: EventDetailService;
  events: EventsService;
}

/**
 * Event routes (`contract.events`, docs/decisions/002 and 006): a program's
 * events (list, create, detail, edit with a scope, cancel, reinstate,
 * delete), a profile's calendar and its view of an event, and the family
 * calendar of everyone the signed-in user manages. RSVPs: rsvp.routes.ts.
 */
export function registerEventRoutes(app: FastifyInstance, s: EventRouteServices): void {
  route(app, events.listForProgram, async ({ actor, params, query }) => ({
    events: await s.events.listForProgram(actor, params.programId, query),
  }));

  route(app, events.create, async ({ actor, params, body }) => ({
    event: await s.events.create(actor, params.programId, body),
  }));

  route(app, events.get, async ({ actor, params }) =>
    s.eventDetails.getForProgram(actor, params.programId, params.eventId),
  );

  route(app, events.update, async ({ actor, params, body }) => ({
    event: await s.eventChanges.update(actor, params.programId, params.eventId, body),
  }));

  route(app, events.delete, async ({ actor, params, body }) => {
    await s.eventChanges.delete(actor, params.programId, params.eventId, body.scope);
  });

  route(app, events.cancel, async ({ actor, params, body }) => ({
    event: await s.eventChanges.cancel(actor, params.programId, params.eventId, body),
  }));

  route(app, events.reinstate, async ({ actor, params }) => ({
    event: await s.eventChanges.reinstate(actor, params.programId, params.eventId),
  }));

  route(app, events.listForProfile, async ({ actor, params, query, reply }) =>
    sendEvents(reply, await s.events.listForProfile(actor, params.profileId, query)),
  );

  route(app, events.getForProfile, async ({ actor, params }) =>
    s.eventDetails.getForProfile(actor, params.profileId, params.eventId),
  );

  route(app, events.listForFamily, async ({ actor, query, reply }) =>
    sendEvents(reply, await s.events.listForFamily(actor, query)),
  );
}

/**
 * Sends `{ events }` from a calendar's JSON text as it is, neither parsed
 * nor serialised again (PostgreSQL writes it: docs/decisions/008).
 */
function sendEvents(reply: FastifyReply, list: JsonText<ProfileEvent[]>): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(`{"events":${list}}`);
}
