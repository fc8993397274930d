import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * How a fake provider answers the next requests: `accept` (the provider's
 * success answer), `server_error` (500), `hang` (never answers: the client's
 * timeout must fire), `rate_limited` (429 with `Retry-After: 42`),
 * `unreachable` (Twilio 400 code 21614 "not a mobile number"),
 * `error_in_200` (MSG91's `{type: "error"}` with HTTP 200), `garbage`
 * (200 with a body that is not JSON).
 */
export type FakeMode =
  'accept' | 'server_error' | 'hang' | 'rate_limited' | 'unreachable' | 'error_in_200' | 'garbage';

/** One request a fake received: method, path, headers and the raw body. */
export interface FakeRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A running fake: its base URL, what it received, and its answer mode. */
export interface FakeProvider {
  url: string;
  requests: FakeRequest[];
  mode: FakeMode;
  close(): Promise<void>;
}

/** Credentials the fakes accept; anything else gets the provider's auth failure. */
export const FAKE_TWILIO = {
  accountSid: 'AC0123456789abcdef0123456789abcdef',
  authToken: 'fake-twilio-auth-token-0123456789',
  from: '+15005550006',
};
/** MSG91 settings the fake accepts (`authkey` header, template and DLT header). */
export const FAKE_MSG91 = {
  authKey: 'fake-msg91-auth-key',
  templateId: '6650f0c1d6fc05271e2a3b4c',
  senderId: 'RALLYC',
};

async function listen(
  handle: (req: FakeRequest, res: http.ServerResponse, mode: FakeMode) => void,
): Promise<FakeProvider> {
  const sockets = new Set<Socket>();
  const fake: FakeProvider = {
    url: '',
    requests: [],
    mode: 'accept',
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const request = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body };
      fake.requests.push(request);
      if (fake.mode === 'hang') return;
      handle(request, res, fake.mode);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

function send(res: http.ServerResponse, status: number, body: unknown, headers = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

/**
 * A local stand-in for Twilio's Messages API: checks the path, Basic auth
 * against {@link FAKE_TWILIO}, the form fields, then answers per `mode`
 * with Twilio's shapes (201 message resource; errors `{code, message,
 * status}`).
 */
export function startFakeTwilio(): Promise<FakeProvider> {
  return listen((req, res, mode) => {
    const expectedPath = `/2010-04-01/Accounts/${FAKE_TWILIO.accountSid}/Messages.json`;
    if (req.method !== 'POST' || req.path !== expectedPath) {
      return send(res, 404, {
        code: 20404,
        message: 'The requested resource was not found',
        status: 404,
      });
    }
    const basic = `Basic ${Buffer.from(`${FAKE_TWILIO.accountSid}:${FAKE_TWILIO.authToken}`).toString('base64')}`;
    if (req.headers.authorization !== basic) {
      return send(res, 401, { code: 20003, message: 'Authenticate', status: 401 });
    }
    const form = new URLSearchParams(req.body);
    if (
      !req.headers['content-type']?.startsWith('application/x-www-form-urlencoded') ||
      !form.get('To') ||
      !form.get('Body') ||
      (!form.get('From') && !form.get('MessagingServiceSid'))
    ) {
      return send(res, 400, {
        code: 21604,
        message: "A 'To' phone number is required.",
        status: 400,
      });
    }
    switch (mode) {
      case 'accept':
        return send(res, 201, { sid: 'SM' + '0'.repeat(32), status: 'queued', to: form.get('To') });
      case 'server_error':
        return send(res, 500, { code: 20500, message: 'Internal Server Error', status: 500 });
      case 'rate_limited':
        return send(
          res,
          429,
          { code: 20429, message: 'Too Many Requests', status: 429 },
          { 'retry-after': '42' },
        );
      case 'unreachable':
        return send(res, 400, {
          code: 21614,
          message: `'To' number ${form.get('To')} is not a valid mobile number`,
          status: 400,
        });
      case 'error_in_200':
      case 'garbage':
        return send(res, 200, '<html>not json</html>');
    }
  });
}

/**
 * A local stand-in for MSG91's Flow API: checks the path, the `authkey`
 * header against {@link FAKE_MSG91}, the JSON shape (template id, DLT
 * sender, one recipient without `+`, the code variable), then answers per
 * `mode` with MSG91's `{type, message}` shapes.
 */
export function startFakeMsg91(): Promise<FakeProvider> {
  return listen((req, res, mode) => {
    if (req.method !== 'POST' || req.path !== '/api/v5/flow') {
      return send(res, 404, { type: 'error', message: 'Not found' });
    }
    if (req.headers.authkey !== FAKE_MSG91.authKey) {
      return send(res, 401, { type: 'error', message: 'Authentication failure' });
    }
    let body: { template_id?: string; sender?: string; recipients?: Record<string, string>[] };
    try {
      body = JSON.parse(req.body) as typeof body;
    } catch {
      return send(res, 400, { type: 'error', message: 'Invalid JSON' });
    }
    const recipient = body.recipients?.[0];
    if (
      body.template_id !== FAKE_MSG91.templateId ||
      body.sender !== FAKE_MSG91.senderId ||
      body.recipients?.length !== 1 ||
      !/^\d{10,15}$/.test(recipient?.mobiles ?? '') ||
      !/^\d{6}$/.test(recipient?.OTP ?? '')
    ) {
      return send(res, 400, { type: 'error', message: 'Template or recipients invalid' });
    }
    switch (mode) {
      case 'accept':
        return send(res, 200, { type: 'success', message: '3763646c3058373530393832' });
      case 'server_error':
        return send(res, 502, '<html>Bad gateway</html>');
      case 'rate_limited':
        return send(
          res,
          429,
          { type: 'error', message: 'Too many requests' },
          { 'retry-after': '42' },
        );
      case 'unreachable':
      case 'error_in_200':
        return send(res, 200, { type: 'error', message: 'Mobile number not valid' });
      case 'garbage':
        return send(res, 200, 'ok');
    }
  });
}
