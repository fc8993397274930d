import { z } from 'zod';
import {
  accountSessionsResponseSchema,
  appHandoffResponseSchema,
  appHandoffSchema,
  appRedirectCheckQuerySchema,
  appRedirectCheckSchema,
  recoveryCodesSchema,
  signInStepResponseSchema,
  totpConfirmSchema,
  totpDisableSchema,
  totpEnrolmentSchema,
  totpStatusSchema,
  totpVerifySchema,
  phoneStartResponseSchema,
  phoneStartSchema,
  phoneVerifyResponseSchema,
  phoneVerifySchema,
  revokeOtherSessionsResponseSchema,
  sessionParamsSchema,
  sessionResponseSchema,
  signInLinkSchema,
  tokenExchangeSchema,
  smsOutboxMessageSchema,
  smsOutboxQuerySchema,
} from '../auth.ts';
import type { authRoutes } from './auth.ts';
import type { SchemasOf } from './operation.ts';

/** Schemas of {@link authRoutes}. */
export const authSchemas = {
  phoneStart: { body: phoneStartSchema, response: phoneStartResponseSchema },
  phoneVerify: { body: phoneVerifySchema, response: signInStepResponseSchema },
  session: { response: sessionResponseSchema },
  signOut: {},
  sessions: { response: accountSessionsResponseSchema },
  revokeSession: { params: sessionParamsSchema },
  revokeOtherSessions: { response: revokeOtherSessionsResponseSchema },
  createSignInLink: { response: signInLinkSchema },
  exchangeToken: { body: tokenExchangeSchema, response: signInStepResponseSchema },
  appRedirectCheck: { query: appRedirectCheckQuerySchema, response: appRedirectCheckSchema },
  appHandoff: { body: appHandoffSchema, response: appHandoffResponseSchema },
  totpVerify: { body: totpVerifySchema, response: phoneVerifyResponseSchema },
  totpStatus: { response: totpStatusSchema },
  totpEnrolStart: { response: totpEnrolmentSchema },
  totpEnrolConfirm: { body: totpConfirmSchema, response: recoveryCodesSchema },
  totpRecoveryCodes: { body: totpConfirmSchema, response: recoveryCodesSchema },
  totpDisable: { body: totpDisableSchema },
  smsOutbox: {
    query: smsOutboxQuerySchema,
    response: z.object({ messages: z.array(smsOutboxMessageSchema) }),
  },
} as const satisfies SchemasOf<typeof authRoutes>;
