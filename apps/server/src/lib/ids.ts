import { uuidv7 } from 'uuidv7';

/** A new time-ordered UUIDv7 (RFC 9562 §5.7), the id of every Rally row (DESIGN.md §1). */
export function newId(): string {
  return uuidv7();
}
