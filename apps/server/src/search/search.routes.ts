import type { FastifyInstance } from 'fastify';
import { contract } from '@rally/shared/api/contract';
import { route } from '../http/contract-routes.ts';
import type { SearchService } from './search.service.ts';

/** `GET /api/search?q=` (`contract.search.search`): the Ctrl/Cmd+K command palette's search. */
export function registerSearchRoutes(app: FastifyInstance, s: { search: SearchService }): void {
  route(app, contract.search.search, async ({ actor, query }) => ({
    results: await s.search.search(actor, query.q),
  }));
}
