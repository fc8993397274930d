import pg from 'pg';
import { vi } from 'vitest';

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
  const texts: string[] = [];
  const query = pg.Client.prototype.query;
  const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
    this: pg.Client,
    ...args: unknown[]
  ) {
    const config = args[0] as { name?: string; text?: string } | string;
    const text = typeof config === 'string' ? config : (config.text ?? '?');
    const isSession = typeof config !== 'string' && config.name === 'auth_live_session';
    // The bus's heartbeat runs on its own clock (realtime/pg-bus.ts).
    if (!isSession && !text.includes('rally_bus_heartbeat')) texts.push(text);
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query);
  try {
    return { answer: await send(), texts };
  } finally {
    spy.mockRestore();
  }
}
