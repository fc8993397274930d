import { sql, type AnyColumn, type InferColumnsDataTypes, type Query, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { QueryResult } from 'pg';
import type { Db, Tx } from './client.ts';

/**
 * Named prepared statements for the hot paths (docs/decisions/008). A named
 * statement is parsed and planned by PostgreSQL once per connection instead
 * of on every call, and its SQL text is built by Drizzle once per process
 * instead of on every call. Every name is one statement text: defining two
 * statements with one name throws at start (node-postgres would refuse the
 * second text on a connection that knows the first).
 */

const names = new Set<string>();

function claim(name: string): void {
  if (names.has(name)) throw new Error(`prepared statement name "${name}" is used twice`);
  names.add(name);
}

/**
 * A Drizzle prepared statement (`query.prepare(name)`, parameters as
 * `sql.placeholder(...)`) built once per database handle: `build(db)` runs
 * on the first call with a given `db`, later calls reuse its statement.
 * Drizzle binds a prepared statement to the pool it was built on, so these
 * run outside transactions only (drizzle-orm#2826); inside a transaction use
 * {@link namedStatement}. Throws at definition when `name` is taken.
 */
export function preparedPerDb<T>(name: string, build: (db: Db, name: string) => T): (db: Db) => T {
  claim(name);
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db, name);
      built.set(db, statement);
    }
    return statement;
  };
}

/** A raw SQL statement run as a named prepared statement; see {@link namedStatement}. */
export interface NamedStatement<Values extends Record<string, unknown>, Row> {
  readonly name: string;
  /**
   * Runs the statement on `db`: the pool, or a transaction's own connection.
   * `values` fill the statement's `sql.placeholder`s by name. Resolves to
   * node-postgres's rows as the SQL names them (timestamps stay ISO strings,
   * as everywhere Drizzle runs raw SQL); throws what the query throws.
   */
  rows(db: Db | Tx, values: Values): Promise<Row[]>;
}

const dialect = new PgDialect();

/**
 * A raw SQL statement (Drizzle's `sql` with `sql.placeholder(...)` for what
 * changes per call), turned into text once and run as the named statement
 * `name` on whichever connection runs it: the pool or a transaction's
 * client. Throws at definition when `name` is taken.
 */
export function namedStatement<Values extends Record<string, unknown>, Row>(
  name: string,
  statement: SQL,
): NamedStatement<Values, Row> {
  claim(name);
  const query: Query = dialect.sqlToQuery(statement);
  return {
    name,
    async rows(db, values) {
      const prepared = db._.session.prepareQuery<{
        execute: QueryResult<Row & Record<string, unknown>>;
        all: unknown;
        values: unknown;
      }>(query, undefined, name, false);
      const result = await prepared.execute(values);
      return result.rows;
    },
  };
}

/** The select list of {@link columnsOf} and the decoder of the rows it yields. */
export interface SelectedColumns<C extends Record<string, AnyColumn>> {
  /** `"table"."column" as "key", ...` for a raw statement's select list. */
  list: SQL;
  /** A raw row's `key`s as the columns' types (each column's own decoding: timestamps to Date, ...). */
  decode(raw: Record<string, unknown>): InferColumnsDataTypes<C>;
}

/**
 * `columns` (`{ key: table.column }`, e.g. `getTableColumns(events)`) as the
 * select list of a raw statement, aliased by key, and the decoder of such a
 * row: what Drizzle's query builder does, for statements written as SQL.
 */
export function columnsOf<C extends Record<string, AnyColumn>>(columns: C): SelectedColumns<C> {
  const entries = Object.entries(columns);
  return {
    list: sql.join(
      entries.map(([key, column]) => sql`${column} as ${sql.identifier(key)}`),
      sql`, `,
    ),
    decode(raw) {
      const row: Record<string, unknown> = {};
      for (const [key, column] of entries) {
        const value = raw[key];
        row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
      }
      return row as InferColumnsDataTypes<C>;
    },
  };
}
