import { uuidv7 } from 'uuidv7';

/**
 * A new time-ordered UUIDv7 (RFC 9562 §5.7), the id of every Rally row
 * (DESIGN.md §1). The server's one generator in JavaScript; set-based
 * inserts that make ids in SQL use `sqlUuidv7` (db/raw-sql.ts), the same format.
 */
export function newId(): string {
  return uuidv7();
}
