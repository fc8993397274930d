import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { newId } from '../lib/ids.ts';
import { columnsOf, namedStatement } from './prepared.ts';
import { orgs } from './schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const org = columnsOf({ id: orgs.id, name: orgs.name, createdAt: orgs.createdAt });
const orgBySlug = namedStatement<{ slug: string }, Record<string, unknown>>(
  'test_org_by_slug',
  sql`select ${org.list} from ${orgs} where ${orgs.slug} = ${sql.placeholder('slug')}`,
);
const preparedHere = namedStatement<{ name: string }, { isPrepared: boolean }>(
  'test_prepared_here',
  sql`select exists (
    select 1 from pg_prepared_statements where name = ${sql.placeholder('name')}
  ) as "isPrepared"`,
);

describe('named statements (docs/decisions/008)', () => {
  it('run inside a transaction on its own connection, as a prepared statement there', async () => {
    const slug = `prepared-${newId()}`;
    const seen = await t.database.db.transaction(async (tx) => {
      await tx.insert(orgs).values({
        id: newId(),
        name: 'Prepared Club',
        slug,
        timeZone: 'Asia/Kolkata',
        country: 'IN',
      });
      return {
        // The transaction's own uncommitted row: the statement ran on its connection.
        inside: (await orgBySlug.rows(tx, { slug })).map(org.decode),
        // Another pool connection does not see it yet.
        outside: await orgBySlug.rows(t.database.db, { slug }),
        isPrepared: (await preparedHere.rows(tx, { name: orgBySlug.name }))[0]?.isPrepared,
      };
    });
    expect(seen.outside).toEqual([]);
    expect(seen.inside).toEqual([
      { id: expect.any(String), name: 'Prepared Club', createdAt: expect.any(Date) },
    ]);
    expect(seen.isPrepared).toBe(true);
    expect((await orgBySlug.rows(t.database.db, { slug })).map(org.decode)).toEqual(seen.inside);
  });

  it('refuse a second statement under a name already taken', () => {
    expect(() => namedStatement('test_org_by_slug', sql`select 1`)).toThrow(/used twice/);
  });
});
