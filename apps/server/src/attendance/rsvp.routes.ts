import type { FastifyInstance } from 'fastify';
import { contract } from '@rally/shared/api/contract';
import { route } from '../http/contract-routes.ts';
import type { RsvpService } from './rsvp.service.ts';

const { events } = contract;

/**
 * RSVP routes (`contract.events.setRsvp` and `.reorderWaitlist`,
 * docs/decisions/006): a family's answer for a profile (`rsvpResultSchema`)
 * and the staff's reorder of an event's waitlist (answers the attendance
 * view, `eventAttendanceSchema`).
 */
export function registerRsvpRoutes(app: FastifyInstance, s: { rsvp: RsvpService }): void {
  route(app, events.setRsvp, async ({ actor, params, body }) =>
    s.rsvp.setRsvp(actor, params.profileId, params.eventId, body.answer),
  );

  route(app, events.reorderWaitlist, async ({ actor, params, body }) =>
    s.rsvp.reorderWaitlist(actor, params.programId, params.eventId, body.profileIds),
  );
}
