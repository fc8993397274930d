import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../test/harness.ts';
import { FakeFcm } from '../../test/fake-push-services.ts';
import { FcmTransport, isDeadToken, loadServiceAccount } from './fcm-transport.ts';
import type { PushMessage } from './push-transport.ts';

/*
 * FCM HTTP v1 (docs/decisions/029) against the local fake: the JWT bearer
 * grant at the service account's own token_uri (RFC 7523), the access
 * token reused until shortly before it expires, and which failures mean a
 * dead token (deleted) and which are Rally's or the network's (thrown).
 */

let fcm: FakeFcm;
beforeAll(async () => {
  fcm = await FakeFcm.start();
});
afterAll(() => fcm.close());

const message: PushMessage = {
  title: 'Hello',
  body: 'World',
  path: '/p/c/events/e',
  tag: '/p/c/events/e',
  ttlSeconds: 60,
  urgency: 'normal',
};

async function transport(clock = new TestClock(), account = fcm.serviceAccountJson()) {
  return new FcmTransport({
    serviceAccount: await loadServiceAccount(account),
    apiUrl: fcm.url,
    timeoutMs: 5000,
    clock,
  });
}

describe('FcmTransport', () => {
  it('gets an access token once and again five minutes before it expires', async () => {
    const clock = new TestClock();
    const fcmTransport = await transport(clock);
    const before = fcm.tokensIssued;
    await Promise.all(
      ['token-one-aaaaaaaaaaaaaaaa', 'token-two-aaaaaaaaaaaaaaaa'].map((token) =>
        fcmTransport.send({ transport: 'fcm', token }, message),
      ),
    );
    clock.advance(54 * 60_000);
    await fcmTransport.send({ transport: 'fcm', token: 'token-three-aaaaaaaaaaaaa' }, message);
    expect(fcm.tokensIssued - before).toBe(1);
    clock.advance(2 * 60_000);
    await fcmTransport.send({ transport: 'fcm', token: 'token-four-aaaaaaaaaaaaaa' }, message);
    expect(fcm.tokensIssued - before).toBe(2);
    expect(fcm.messagesOf('token-one-aaaaaaaaaaaaaaaa')).toHaveLength(1);
  });

  it('calls an unregistered token gone, and throws on what is not the token’s fault', async () => {
    const fcmTransport = await transport();
    fcm.unregister('uninstalled-aaaaaaaaaaaaaa');
    expect(
      await fcmTransport.send({ transport: 'fcm', token: 'uninstalled-aaaaaaaaaaaaaa' }, message),
    ).toBe('gone');
    // Another project's URL answers 404 without UNREGISTERED: a misconfiguration, not a dead token.
    const account = JSON.parse(fcm.serviceAccountJson());
    const wrongProject = await transport(
      new TestClock(),
      JSON.stringify({ ...account, project_id: 'another-project' }),
    );
    await expect(
      wrongProject.send({ transport: 'fcm', token: 'token-aaaaaaaaaaaaaaaaaa' }, message),
    ).rejects.toThrow('FCM answered 404');
    const wrongTokenUri = await transport(
      new TestClock(),
      JSON.stringify({ ...account, token_uri: `${fcm.url}/nope` }),
    );
    await expect(
      wrongTokenUri.send({ transport: 'fcm', token: 'token-aaaaaaaaaaaaaaaaaa' }, message),
    ).rejects.toThrow('FCM token endpoint answered 404');
  });

  it('reads FCM v1 errors: UNREGISTERED and an invalid message.token are dead, the rest is not', () => {
    const fcmError = (errorCode: string) => ({
      '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError',
      errorCode,
    });
    const badToken = {
      '@type': 'type.googleapis.com/google.rpc.BadRequest',
      fieldViolations: [{ field: 'message.token' }],
    };
    expect(isDeadToken(404, { status: 'NOT_FOUND', details: [fcmError('UNREGISTERED')] })).toBe(
      true,
    );
    expect(
      isDeadToken(400, {
        status: 'INVALID_ARGUMENT',
        details: [fcmError('INVALID_ARGUMENT'), badToken],
      }),
    ).toBe(true);
    expect(
      isDeadToken(400, { status: 'INVALID_ARGUMENT', details: [fcmError('INVALID_ARGUMENT')] }),
    ).toBe(false);
    expect(isDeadToken(404, { status: 'NOT_FOUND' })).toBe(false);
    expect(
      isDeadToken(403, { status: 'PERMISSION_DENIED', details: [fcmError('SENDER_ID_MISMATCH')] }),
    ).toBe(false);
    expect(isDeadToken(503, { status: 'UNAVAILABLE', details: [fcmError('UNAVAILABLE')] })).toBe(
      false,
    );
    expect(isDeadToken(429, undefined)).toBe(false);
  });
});

describe('loadServiceAccount (FCM_SERVICE_ACCOUNT)', () => {
  it('reads the JSON itself or the file it names, and says what is wrong', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rally-fcm-'));
    try {
      const file = path.join(dir, 'service-account.json');
      fs.writeFileSync(file, fcm.serviceAccountJson());
      expect(await loadServiceAccount(file)).toMatchObject({
        projectId: fcm.projectId,
        clientEmail: fcm.clientEmail,
        tokenUri: `${fcm.url}/token`,
      });
      await expect(loadServiceAccount(path.join(dir, 'missing.json'))).rejects.toThrow(
        /cannot read .*ENOENT/,
      );
      await expect(loadServiceAccount('{not json')).rejects.toThrow(
        /not a JSON service account key/,
      );
      await expect(loadServiceAccount('{"project_id": "x"}')).rejects.toThrow(
        /project_id.*private_key/s,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
