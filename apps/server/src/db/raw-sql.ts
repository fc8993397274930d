import { sql } from 'drizzle-orm';

/**
 * A UUIDv7 (RFC 9562 §5.7) computed by PostgreSQL, for set-based inserts
 * that make many rows in one statement (DESIGN.md §1: every id is a
 * UUIDv7). The 48-bit millisecond time from `clock_timestamp()` replaces the
 * front of a random v4 UUID and bits 52 and 53 turn version 4 into 7; the
 * variant bits stay. Portable to PostgreSQL 15+, which has no `uuidv7()`.
 * Ids made in JavaScript come from `newId` (lib/ids.ts), the same format.
 */
export const sqlUuidv7 = sql`encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) placing substring(int8send(floor(extract(epoch from clock_timestamp()) * 1000)::bigint) from 3) from 1 for 6), 52, 1), 53, 1), 'hex')::uuid`;

/**
 * A `timestamptz` value of a raw `execute` as a Date: Drizzle leaves those
 * as PostgreSQL's text (`2030-01-07 12:30:00.123+00`) for its own mapping.
 */
export function dateOf(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}

/** {@link dateOf} for a nullable value. */
export function dateOrNull(value: Date | string | null): Date | null {
  return value === null ? null : dateOf(value);
}
