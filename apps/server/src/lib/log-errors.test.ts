import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { errorSerializer } from './log-errors.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PHONE = '+919812345678';

/** The error a failing query throws (Drizzle wraps PostgreSQL's). */
async function failureOf(query: Promise<unknown>): Promise<unknown> {
  return query.then(
    () => {
      throw new Error('the query should have failed');
    },
    (err: unknown) => err,
  );
}

describe('error logs', () => {
  it('keep the SQL and SQLSTATE of a failed query but not its parameters nor the value PostgreSQL quotes', async () => {
    const err = await failureOf(t.database.db.execute(sql`select ${PHONE}::int as n`));
    const logged = JSON.stringify(errorSerializer(err));
    expect(logged).not.toContain(PHONE);
    expect(logged).not.toContain('9812345678');
    expect(logged).toContain('Failed query: select $1::int as n');
    expect(logged).toContain('"code":"22003"'); // numeric_value_out_of_range
  });

  it("drop PostgreSQL's detail, which quotes the conflicting row", async () => {
    await t.database.db.execute(sql`create temporary table phones (p text unique)`);
    await t.database.db.execute(sql`insert into phones values (${PHONE})`);
    const err = await failureOf(t.database.db.execute(sql`insert into phones values (${PHONE})`));
    const serialized = errorSerializer(err) as { cause?: Record<string, unknown> };
    expect(JSON.stringify(serialized)).not.toContain(PHONE);
    expect(serialized.cause).toMatchObject({ code: '23505', constraint: 'phones_p_key' });
  });

  it("are written that way by the app's logger", async () => {
    const err = await failureOf(t.database.db.execute(sql`select ${PHONE}::int as n`));
    t.app.log.error({ err }, 'unhandled error');
    const line = t.logs.at(-1) ?? '';
    expect(line).toContain('Failed query');
    expect(line).not.toContain(PHONE);
  });
});
