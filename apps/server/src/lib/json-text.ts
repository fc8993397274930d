/** The brand of {@link JsonText}: exists at compile time only. */
declare const jsonOf: unique symbol;

/**
 * JSON text that encodes a `T`: what `JSON.stringify` of a `T` writes, or
 * text PostgreSQL built to the same shape (docs/decisions/008, "A month's
 * calendar as JSON from PostgreSQL"). An answer sends it as its body as it
 * is, neither parsed nor serialised again. The brand exists at compile time
 * only: a plain string is not a `JsonText`, so text reaches an answer only
 * through {@link jsonText} or a statement typed to return it.
 */
export type JsonText<T> = string & { readonly [jsonOf]: T };

/** `JSON.stringify(value)` as {@link JsonText} (throws what `JSON.stringify` throws: a cycle, a BigInt). */
export function jsonText<T>(value: T): JsonText<T> {
  return JSON.stringify(value) as JsonText<T>;
}
