import type { FastifyInstance } from 'fastify';
import { searchQuerySchema } from '@rally/shared/search';
import { requireActor } from '../http/auth-hook.ts';
import type { Services } from '../http/services.ts';
import { parseInput } from '../http/validate.ts';

/** `GET /api/search?q=`: the Ctrl/Cmd+K command palette's search. */
export function registerSearchRoutes(app: FastifyInstance, s: Services): void {
  app.get('/api/search', async (request) => {
    const actor = requireActor(request);
    const { q } = parseInput(searchQuerySchema, request.query);
    return { results: await s.search.search(actor, q) };
  });
}
