import pg from 'pg';
import { vi } from 'vitest';

/** A statement as node-postgres was asked to send it: its name (prepared statements), SQL text and parameters. */
export interface SentStatement {
  name?: string;
  text: string;
  values: unknown[];
}

/**
 * Runs `send` and returns its answer with every statement the app sent
 * meanwhile through node-postgres (`pg.Client#query`), in order: the one
 * recorder behind {@link sqlOf}, hot-paths.test.ts's statement names and
 * test/plans.ts's `sentStatement`. Run one `send` at a time.
 */
export async function recordStatements<T>(
  send: () => Promise<T>,
): Promise<{ answer: T; sent: SentStatement[] }> {
  const sent: SentStatement[] = [];
  const query = pg.Client.prototype.query;
  const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
    this: pg.Client,
    ...args: unknown[]
  ) {
    const config = args[0] as { name?: string; text?: string; values?: unknown[] } | string;
    sent.push(
      typeof config === 'string'
        ? { text: config, values: Array.isArray(args[1]) ? args[1] : [] }
        : {
            ...(config.name ? { name: config.name } : {}),
            text: config.text ?? '?',
            values: config.values ?? (Array.isArray(args[1]) ? args[1] : []),
          },
    );
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query);
  try {
    return { answer: await send(), sent };
  } finally {
    spy.mockRestore();
  }
}

/**
 * Runs `send` and returns its answer with the SQL text of every statement
 * sent meanwhile (parameters left out), in order. Two calls that send the
 * same texts did the same database work, whatever the values: the check
 * that an answer does not depend on who owns a phone number
 * (docs/decisions/009). The caller's session lookup is left out (whether
 * it runs depends on the instance's session cache, docs/decisions/032), and
 * so is the bus's heartbeat: neither depends on the request. Run one `send`
 * at a time.
 */
export async function sqlOf<T>(send: () => Promise<T>): Promise<{ answer: T; texts: string[] }> {
  const { answer, sent } = await recordStatements(send);
  const texts = sent
    // The bus's heartbeat runs on its own clock (realtime/pg-bus.ts).
    .filter((s) => s.name !== 'auth_live_session' && !s.text.includes('rally_bus_heartbeat'))
    .map((s) => s.text);
  return { answer, texts };
}
