import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { isDatabaseUnavailable } from './availability.ts';
import { openDatabase } from './client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The error `query` rejects with. */
const failureOf = (query: Promise<unknown>) =>
  query.then(
    () => undefined,
    (err: unknown) => err,
  );

describe('isDatabaseUnavailable', () => {
  it('is true when PostgreSQL cannot be reached', async () => {
    const unreachable = openDatabase('postgres://rally@127.0.0.1:9/none', 1, () => {});
    const err = await failureOf(unreachable.db.execute(sql`select 1`));
    await unreachable.close();
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it('is true when the backend of a query in flight is terminated', async () => {
    const client = await t.database.pool.connect();
    try {
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      const sleeping = failureOf(client.query('select pg_sleep(5)'));
      await new Promise((r) => setTimeout(r, 100));
      await t.database.db.execute(sql`select pg_terminate_backend(${rows[0]!.pid})`);
      expect(isDatabaseUnavailable(await sleeping)).toBe(true);
    } finally {
      client.release(true);
    }
  });

  it('is false for a mistake in the query or the data', async () => {
    const syntax = await failureOf(t.database.db.execute(sql`selec 1`));
    const data = await failureOf(t.database.db.execute(sql`select 'x'::int`));
    expect(isDatabaseUnavailable(syntax)).toBe(false);
    expect(isDatabaseUnavailable(data)).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
  });
});
