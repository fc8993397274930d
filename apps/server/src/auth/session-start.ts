import { SESSION_TTL_MS } from '@rally/shared/constants';
import type { Tx } from '../db/client.ts';
import { newId } from '../lib/ids.ts';
import * as repo from './auth.repository.ts';
import { newSessionToken, hashToken } from './tokens.ts';

/**
 * Who is signing in, as a session records it: the `User-Agent` header (kept
 * to 300 characters), the client IP, and `browser` (cookie) or `app`
 * (Bearer token of the native app).
 */
export interface SessionClient {
  userAgent?: string | undefined;
  ip: string;
  clientKind: 'browser' | 'app';
}

/**
 * Opens a new session for `userId` in `tx` (DESIGN.md §3: a new session at
 * every sign-in, a 256-bit token stored only as its SHA-256, 60 days from
 * its last use). Returns the plain token, shown once, and its expiry.
 */
export async function openSession(
  tx: Tx,
  userId: string,
  client: SessionClient,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newSessionToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await repo.insertSession(tx, {
    id: newId(),
    userId,
    tokenHash: hashToken(token),
    userAgent: client.userAgent?.slice(0, 300) ?? null,
    ip: client.ip,
    clientKind: client.clientKind,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
  });
  return { token, expiresAt };
}
