import type { FastifyInstance } from 'fastify';
import { contract } from '@rally/shared/api/contract';
import { route } from '../http/contract-routes.ts';
import type { MatchFormatsService } from './match-formats.service.ts';
import type { MatchShareService } from './match-share.service.ts';
import type { MatchStatsService } from './match-stats.service.ts';
import type { MatchesService } from './matches.service.ts';

const { matches } = contract;

/** The services these routes call. */
interface MatchRouteServices {
  matches: MatchesService;
  matchFormats: MatchFormatsService;
  matchStats: MatchStatsService;
  matchShare: MatchShareService;
}

/** How long browsers and proxies may keep a share link's answer, in seconds (docs/decisions/030). */
const SHARE_MAX_AGE_SECONDS = 15;

/**
 * Match page routes (`contract.matches`, DESIGN.md §9): an org's match
 * formats, and a match's details, squad, publishing, scorer lease and
 * incidents (201 when an incident was new, 200 for a pure replay), and
 * season stats per program (JSON and CSV) and per profile, and the
 * signed-out share link (public: its secret is the permission; cached
 * publicly for {@link SHARE_MAX_AGE_SECONDS}, docs/decisions/030).
 */
export function registerMatchRoutes(app: FastifyInstance, s: MatchRouteServices): void {
  route(app, matches.listFormats, async ({ actor, params }) =>
    s.matchFormats.list(actor, params.orgId),
  );
  route(app, matches.createFormat, async ({ actor, params, body }) =>
    s.matchFormats.create(actor, params.orgId, body),
  );
  route(app, matches.updateFormat, async ({ actor, params, body }) =>
    s.matchFormats.update(actor, params.orgId, params.formatId, body),
  );
  route(app, matches.deleteFormat, async ({ actor, params }) => {
    await s.matchFormats.remove(actor, params.orgId, params.formatId);
  });
  route(app, matches.get, async ({ actor, params }) =>
    s.matches.get(actor, params.programId, params.eventId),
  );
  route(app, matches.saveDetails, async ({ actor, params, body }) =>
    s.matches.saveDetails(actor, params.programId, params.eventId, body),
  );
  route(app, matches.saveSquad, async ({ actor, params, body }) =>
    s.matches.saveSquad(actor, params.programId, params.eventId, body),
  );
  route(app, matches.publish, async ({ actor, params }) =>
    s.matches.publish(actor, params.programId, params.eventId),
  );
  route(app, matches.takeLease, async ({ actor, params, body }) =>
    s.matches.takeLease(actor, params.programId, params.eventId, body.takeover),
  );
  route(app, matches.recordIncidents, async ({ actor, params, body, reply }) => {
    const { match, results, anyNew } = await s.matches.recordIncidents(
      actor,
      params.programId,
      params.eventId,
      body.incidents,
    );
    return reply.status(anyNew ? 201 : 200).send({ match, results });
  });
  route(app, matches.programStats, async ({ actor, params }) =>
    s.matchStats.program(actor, params.programId),
  );
  route(app, matches.programStatsCsv, async ({ actor, params, reply }) => {
    const file = await s.matchStats.programCsv(actor, params.programId);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
      .header('Cache-Control', 'private, no-store')
      .send(file.body);
  });
  route(app, matches.profileStats, async ({ actor, params }) =>
    s.matchStats.profile(actor, params.profileId),
  );
  route(app, matches.voidIncident, async ({ actor, params }) =>
    s.matches.voidIncident(actor, params.programId, params.eventId, params.incidentId),
  );
  route(app, matches.getShared, async ({ params, reply }) => {
    const shared = await s.matchShare.get(params.shareToken);
    return reply.header('Cache-Control', `public, max-age=${SHARE_MAX_AGE_SECONDS}`).send(shared);
  });
}
