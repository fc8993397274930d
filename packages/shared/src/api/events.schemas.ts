import { z } from 'zod';
import { eventAttendanceSchema } from '../attendance.ts';
import {
  profileEventParamsSchema,
  profileParamsSchema,
  programEventParamsSchema,
  programParamsSchema,
  rangeQuerySchema,
} from '../common.ts';
import {
  cancelEventSchema,
  createEventSchema,
  deleteEventSchema,
  eventDetailSchema,
  eventSchema,
  profileEventDetailSchema,
  profileEventSchema,
  reorderEventWaitlistSchema,
  rsvpResultSchema,
  setRsvpSchema,
  updateEventSchema,
} from '../events.ts';
import type { eventsRoutes } from './events.ts';
import type { SchemasOf } from './operation.ts';

const eventAnswer = z.object({ event: eventSchema });
const profileEvents = z.object({ events: z.array(profileEventSchema) });

/** Schemas of {@link eventsRoutes}. */
export const eventsSchemas = {
  listForProgram: {
    params: programParamsSchema,
    query: rangeQuerySchema,
    response: z.object({ events: z.array(eventSchema) }),
  },
  create: { params: programParamsSchema, body: createEventSchema, response: eventAnswer },
  get: { params: programEventParamsSchema, response: eventDetailSchema },
  update: { params: programEventParamsSchema, body: updateEventSchema, response: eventAnswer },
  delete: { params: programEventParamsSchema, body: deleteEventSchema },
  cancel: { params: programEventParamsSchema, body: cancelEventSchema, response: eventAnswer },
  reinstate: { params: programEventParamsSchema, response: eventAnswer },
  listForProfile: {
    params: profileParamsSchema,
    query: rangeQuerySchema,
    response: profileEvents,
  },
  getForProfile: { params: profileEventParamsSchema, response: profileEventDetailSchema },
  listForFamily: { query: rangeQuerySchema, response: profileEvents },
  setRsvp: { params: profileEventParamsSchema, body: setRsvpSchema, response: rsvpResultSchema },
  reorderWaitlist: {
    params: programEventParamsSchema,
    body: reorderEventWaitlistSchema,
    response: eventAttendanceSchema,
  },
} as const satisfies SchemasOf<typeof eventsRoutes>;
