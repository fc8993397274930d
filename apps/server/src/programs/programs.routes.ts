import type { FastifyInstance } from 'fastify';
import { programParamsSchema } from '@rally/shared/common';
import { requireActor } from '../http/auth-hook.ts';
import { parseInput } from '../http/validate.ts';
import type { Services } from '../http/services.ts';

/**
 * `/api/programs/:programId` routes: the program and its public join page
 * (the one route here that answers signed-out callers). Events:
 * events/events.routes.ts; subscriptions: subscriptions.routes.ts.
 */
export function registerProgramRoutes(app: FastifyInstance, s: Services): void {
  app.get('/api/programs/:programId', async (request) => {
    const actor = requireActor(request);
    const { programId } = parseInput(programParamsSchema, request.params);
    return s.programs.get(actor, programId);
  });

  app.get('/api/programs/:programId/public', async (request) => {
    const { programId } = parseInput(programParamsSchema, request.params);
    return s.publicPrograms.get(request.actor, programId);
  });
}
