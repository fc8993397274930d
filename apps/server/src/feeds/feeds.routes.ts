import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contract } from '@rally/shared/api/contract';
import { route } from '../http/contract-routes.ts';
import type { FeedsService } from './feeds.service.ts';

const { feeds } = contract;

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
 * Calendar feed routes (`contract.feeds`, docs/decisions/006): the address
 * of a profile's and a program's secret feed (`GET`, `POST` makes or
 * rotates it) and the public feed itself, `GET /api/feeds/{token}.ics` — no
 * session, the secret in the path is the permission.
 */
export function registerFeedRoutes(app: FastifyInstance, s: { feeds: FeedsService }): void {
  route(app, feeds.profileFeed, async ({ actor, params }) => ({
    feed: await s.feeds.getProfileFeed(actor, params.profileId),
  }));

  route(app, feeds.rotateProfileFeed, async ({ actor, params }) => ({
    feed: await s.feeds.rotateProfileFeed(actor, params.profileId),
  }));

  route(app, feeds.programFeed, async ({ actor, params }) => ({
    feed: await s.feeds.getProgramFeed(actor, params.programId),
  }));

  route(app, feeds.rotateProgramFeed, async ({ actor, params }) => ({
    feed: await s.feeds.rotateProgramFeed(actor, params.programId),
  }));

  route(app, feeds.render, async ({ params, request, reply }) => {
    const token = params.file.slice(0, -'.ics'.length);
    const body = await s.feeds.renderFeed(token, requestOrigin(request));
    return reply
      .type('text/calendar; charset=utf-8')
      .header('Cache-Control', `private, max-age=${FEED_MAX_AGE_SECONDS}`)
      .send(body);
  });
}
