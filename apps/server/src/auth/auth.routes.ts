import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { contract } from '@rally/shared/api/contract';
import { SESSION_COOKIE } from '@rally/shared/constants';
import { clearSessionCookie } from '../http/auth-hook.ts';
import { route } from '../http/contract-routes.ts';
import { presentUser } from './auth.presenter.ts';
import type { AuthService } from './auth.service.ts';
import type { SessionClient, SignInResult, SignInStep } from './session-start.ts';
import type { SignInTokenService } from './sign-in-tokens.service.ts';
import type { TotpService } from './totp.service.ts';
import { toE164 } from './phone.ts';
import type { ConsoleSmsProvider } from './sms.ts';
import { loggingSmsFailure } from './sms-log.ts';

const { auth: ops } = contract;

/**
 * Phone sign-in and session routes (`contract.auth`, DESIGN.md §3):
 * `POST /api/auth/phone/start`, `POST /api/auth/phone/verify`,
 * `GET /api/auth/session`, `POST /api/auth/signout`, and the account page's
 * sessions: `GET /api/auth/sessions`, `DELETE /api/auth/sessions/:sessionId`,
 * `POST /api/auth/sessions/revoke-others`; sign-in links:
 * `POST /api/auth/sign-in-links` and `POST /api/auth/token` (the exchange);
 * the app handoff: `GET /api/auth/app-handoff/redirect-uri`,
 * `POST /api/auth/app-handoff`; the authenticator app: `/api/auth/totp...`.
 */
export function registerAuthRoutes(
  app: FastifyInstance,
  services: { auth: AuthService; signInTokens: SignInTokenService; totp: TotpService },
  options: { secureCookies: boolean },
): void {
  const { auth, signInTokens, totp } = services;
  /** Who signs in, as the new session records it. */
  const sessionClient = (
    request: FastifyRequest,
    delivery: 'cookie' | 'bearer',
  ): SessionClient => ({
    userAgent: request.headers['user-agent'],
    ip: request.ip,
    clientKind: delivery === 'bearer' ? 'app' : 'browser',
  });

  /** The answer of a sign-in: the session cookie, or the Bearer token in the body for the app. */
  const signedIn = (result: SignInResult, delivery: 'cookie' | 'bearer', reply: FastifyReply) => {
    const answer = {
      user: presentUser(result.user),
      isNewUser: result.isNewUser,
      expiresAt: result.expiresAt.toISOString(),
    };
    if (delivery === 'bearer') return { ...answer, token: result.token };
    reply.setCookie(SESSION_COOKIE, result.token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secureCookies,
      path: '/',
      expires: result.expiresAt,
    });
    return answer;
  };

  /** The answer of a first factor: signed in, or the authenticator step's challenge. */
  const firstFactorPassed = (
    step: SignInStep,
    delivery: 'cookie' | 'bearer',
    reply: FastifyReply,
  ) => {
    if ('secondFactor' in step) {
      return {
        secondFactor: step.secondFactor,
        challengeToken: step.challengeToken,
        expiresAt: step.expiresAt.toISOString(),
      };
    }
    return signedIn(step, delivery, reply);
  };

  route(app, ops.phoneStart, async ({ body, request }) =>
    loggingSmsFailure(request, () => auth.startPhoneSignIn(body.phoneNumber, request.ip)),
  );

  route(app, ops.phoneVerify, async ({ body, request, reply }) => {
    const step = await auth.verifyPhoneCode(
      body.verificationId,
      body.code,
      sessionClient(request, body.tokenDelivery),
    );
    return firstFactorPassed(step, body.tokenDelivery, reply);
  });

  route(app, ops.session, async ({ actor }) => ({
    user: actor ? presentUser(actor.user) : null,
  }));

  route(app, ops.signOut, async ({ actor, reply }) => {
    await auth.signOut(actor.sessionId, actor.userId);
    clearSessionCookie(reply);
  });

  route(app, ops.sessions, async ({ actor }) => ({ sessions: await auth.listSessions(actor) }));

  route(app, ops.revokeSession, async ({ actor, params, reply }) => {
    await auth.revokeSession(actor, params.sessionId);
    if (params.sessionId === actor.sessionId) clearSessionCookie(reply);
  });

  route(app, ops.revokeOtherSessions, async ({ actor }) => ({
    revoked: await auth.revokeOtherSessions(actor),
  }));

  route(app, ops.createSignInLink, async ({ actor }) =>
    signInTokens.createSignInLink(actor.userId),
  );

  route(app, ops.exchangeToken, async ({ body, request, reply }) => {
    const step = await signInTokens.exchange(
      body.customToken,
      body.codeVerifier,
      sessionClient(request, body.tokenDelivery),
    );
    return firstFactorPassed(step, body.tokenDelivery, reply);
  });

  route(app, ops.appRedirectCheck, async ({ query }) => ({
    allowed: signInTokens.isAppRedirect(query.redirectUri),
  }));

  route(app, ops.appHandoff, async ({ actor, body }) => signInTokens.createAppHandoff(actor, body));

  route(app, ops.totpVerify, async ({ body, request, reply }) => {
    const result = await totp.verifySignIn(
      body.challengeToken,
      body.code,
      sessionClient(request, body.tokenDelivery),
    );
    return signedIn(result, body.tokenDelivery, reply);
  });

  route(app, ops.totpStatus, async ({ actor }) => totp.status(actor));

  route(app, ops.totpEnrolStart, async ({ actor }) => totp.startEnrolment(actor));

  route(app, ops.totpEnrolConfirm, async ({ actor, body }) =>
    totp.confirmEnrolment(actor, body.code),
  );

  route(app, ops.totpRecoveryCodes, async ({ actor, body }) =>
    totp.regenerateRecoveryCodes(actor, body.code),
  );

  route(app, ops.totpDisable, async ({ actor, body }) => {
    await totp.disable(actor, body.code);
  });
}

/**
 * `GET /api/dev/sms-outbox?phoneNumber=...` (`contract.auth.smsOutbox`): the
 * console provider's messages to one phone, newest first. Registered only
 * outside production (DESIGN.md §3).
 */
export function registerDevOutboxRoute(app: FastifyInstance, sms: ConsoleSmsProvider): void {
  route(app, ops.smsOutbox, async ({ query }) => ({
    messages: sms.messagesFor(toE164(query.phoneNumber)),
  }));
}
