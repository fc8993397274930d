import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { profileParamsSchema, programParamsSchema } from '@rally/shared/common';
import { requireActor } from '../http/auth-hook.ts';
import type { Services } from '../http/services.ts';
import { parseInput } from '../http/validate.ts';

/** `:file` of `GET /api/feeds/:file`: `{token}.ics`, the token base64url. */
const feedFileParamsSchema = z.object({
  file: z
    .string()
    .max(200, 'A feed address is at most 200 characters')
    .regex(/^[A-Za-z0-9_-]+\.ics$/, 'A feed address ends in {secret}.ics'),
});

/** How long calendar apps and proxies may keep a feed, in seconds (`Cache-Control: private`). */
const FEED_MAX_AGE_SECONDS = 300;

/**
 * The origin links in a feed point at: the request's protocol and host, which
 * follow `X-Forwarded-Proto`/`X-Forwarded-Host` only when TRUST_PROXY is on.
 */
function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * Calendar feed routes (issue 5, docs/decisions/006): the address of a
 * profile's and a program's secret feed (`GET`, `POST` makes or rotates it)
 * and the public feed itself, `GET /api/feeds/{token}.ics` — no session, the
 * secret in the path is the permission.
 */
export function registerFeedRoutes(app: FastifyInstance, s: Services): void {
  app.get('/api/profiles/:profileId/calendar-feed', async (request) => {
    const actor = requireActor(request);
    const { profileId } = parseInput(profileParamsSchema, request.params);
    return { feed: await s.feeds.getProfileFeed(actor, profileId) };
  });

  app.post('/api/profiles/:profileId/calendar-feed', async (request) => {
    const actor = requireActor(request);
    const { profileId } = parseInput(profileParamsSchema, request.params);
    return { feed: await s.feeds.rotateProfileFeed(actor, profileId) };
  });

  app.get('/api/programs/:programId/calendar-feed', async (request) => {
    const actor = requireActor(request);
    const { programId } = parseInput(programParamsSchema, request.params);
    return { feed: await s.feeds.getProgramFeed(actor, programId) };
  });

  app.post('/api/programs/:programId/calendar-feed', async (request) => {
    const actor = requireActor(request);
    const { programId } = parseInput(programParamsSchema, request.params);
    return { feed: await s.feeds.rotateProgramFeed(actor, programId) };
  });

  app.get('/api/feeds/:file', async (request, reply) => {
    const { file } = parseInput(feedFileParamsSchema, request.params);
    const body = await s.feeds.renderFeed(file.slice(0, -'.ics'.length), requestOrigin(request));
    return reply
      .type('text/calendar; charset=utf-8')
      .header('Cache-Control', `private, max-age=${FEED_MAX_AGE_SECONDS}`)
      .send(body);
  });
}
