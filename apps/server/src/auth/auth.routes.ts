import type { FastifyInstance } from 'fastify';
import { phoneStartSchema, phoneVerifySchema, smsOutboxQuerySchema } from '@rally/shared/auth';
import { SESSION_COOKIE } from '@rally/shared/constants';
import { clearSessionCookie, requireActor } from '../http/auth-hook.ts';
import { parseInput } from '../http/validate.ts';
import { presentUser } from '../account/account.presenter.ts';
import type { AuthService } from './auth.service.ts';
import { toE164 } from './phone.ts';
import type { ConsoleSmsProvider } from './sms.ts';

/**
 * Phone sign-in and session routes (DESIGN.md §3):
 * `POST /api/auth/phone/start`, `POST /api/auth/phone/verify`,
 * `GET /api/auth/session`, `POST /api/auth/signout`.
 */
export function registerAuthRoutes(
  app: FastifyInstance,
  auth: AuthService,
  options: { secureCookies: boolean },
): void {
  app.post('/api/auth/phone/start', async (request) => {
    const body = parseInput(phoneStartSchema, request.body);
    return auth.startPhoneSignIn(body.phoneNumber, request.ip);
  });

  app.post('/api/auth/phone/verify', async (request, reply) => {
    const body = parseInput(phoneVerifySchema, request.body);
    const result = await auth.verifyPhoneCode(body.verificationId, body.code, {
      userAgent: request.headers['user-agent'],
      ip: request.ip,
    });
    const answer = {
      user: presentUser(result.user),
      isNewUser: result.isNewUser,
      expiresAt: result.expiresAt.toISOString(),
    };
    if (body.tokenDelivery === 'bearer') return { ...answer, token: result.token };
    reply.setCookie(SESSION_COOKIE, result.token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secureCookies,
      path: '/',
      expires: result.expiresAt,
    });
    return answer;
  });

  app.get('/api/auth/session', async (request) => ({
    user: request.actor ? presentUser(request.actor.user) : null,
  }));

  app.post('/api/auth/signout', async (request, reply) => {
    const actor = requireActor(request);
    await auth.signOut(actor.sessionId, actor.userId);
    clearSessionCookie(reply);
    return reply.status(204).send();
  });
}

/**
 * `GET /api/dev/sms-outbox?phoneNumber=...`: the console provider's messages
 * to one phone, newest first. Registered only outside production (DESIGN.md §3).
 */
export function registerDevOutboxRoute(app: FastifyInstance, sms: ConsoleSmsProvider): void {
  app.get('/api/dev/sms-outbox', async (request) => {
    const query = parseInput(smsOutboxQuerySchema, request.query);
    return { messages: sms.messagesFor(toE164(query.phoneNumber)) };
  });
}
