import { z } from 'zod';
import {
  accountSessionsResponseSchema,
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
  phoneVerify: { body: phoneVerifySchema, response: phoneVerifyResponseSchema },
  session: { response: sessionResponseSchema },
  signOut: {},
  sessions: { response: accountSessionsResponseSchema },
  revokeSession: { params: sessionParamsSchema },
  revokeOtherSessions: { response: revokeOtherSessionsResponseSchema },
  createSignInLink: { response: signInLinkSchema },
  exchangeToken: { body: tokenExchangeSchema, response: phoneVerifyResponseSchema },
  smsOutbox: {
    query: smsOutboxQuerySchema,
    response: z.object({ messages: z.array(smsOutboxMessageSchema) }),
  },
} as const satisfies SchemasOf<typeof authRoutes>;
