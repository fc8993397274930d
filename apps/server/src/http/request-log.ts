import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Fastify's request logging with one line per request instead of two
 * (docs/decisions/008): nothing when a request arrives, and when it is
 * answered one line with the request (method, URL with secrets redacted,
 * address: app.ts's `req` serializer), the status and the response time in
 * ms — `request completed` at info, `request errored` at error. Every
 * logged line is a write to stdout, which costs the hot paths as much as a
 * database statement's round trip; a request that never completes is the
 * only one this does not log.
 */
export class OneLinePerRequest extends LogController {
  /** Logs nothing: {@link requestCompleted} carries the request. */
  override incomingRequest(): void {}

  /** The request's one line (see the class). */
  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) {
      reply.log.error({ ...line, err: error }, 'request errored');
    } else {
      reply.log.info(line, 'request completed');
    }
  }
}

/** Removes secrets from a URL before it is logged: sign-in link tokens, calendar feed secrets and code/token query values. */
export function redactUrl(url: string): string {
  return url
    .replace(/(\/auth\/token\/)[^/?#]+/g, '$1[redacted]')
    .replace(/(\/api\/feeds\/)[^/?#]+/g, '$1[redacted]')
    .replace(/([?&](?:code|token|customToken)=)[^&#]*/gi, '$1[redacted]');
}
