import type { FastifyInstance } from 'fastify';
import { profileEventParamsSchema, programEventParamsSchema } from '@rally/shared/common';
import { reorderEventWaitlistSchema, setRsvpSchema } from '@rally/shared/events';
import { requireActor } from '../http/auth-hook.ts';
import type { Services } from '../http/services.ts';
import { parseInput } from '../http/validate.ts';

/**
 * RSVP routes (issue 5; docs/api.md "Issue 5"): a family's answer for a
 * profile (`rsvpResultSchema`) and the staff's reorder of an event's
 * waitlist (answers the attendance view, `eventAttendanceSchema`).
 */
export function registerRsvpRoutes(app: FastifyInstance, s: Services): void {
  app.put('/api/profiles/:profileId/events/:eventId/rsvp', async (request) => {
    const actor = requireActor(request);
    const { profileId, eventId } = parseInput(profileEventParamsSchema, request.params);
    const { answer } = parseInput(setRsvpSchema, request.body);
    return s.rsvp.setRsvp(actor, profileId, eventId, answer);
  });

  app.put('/api/programs/:programId/events/:eventId/waitlist', async (request) => {
    const actor = requireActor(request);
    const { programId, eventId } = parseInput(programEventParamsSchema, request.params);
    const { profileIds } = parseInput(reorderEventWaitlistSchema, request.body);
    return s.rsvp.reorderWaitlist(actor, programId, eventId, profileIds);
  });
}
