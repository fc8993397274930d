/**
 * A `LIKE`/`ILIKE` pattern matching `text` anywhere in a value: `%text%`
 * with `\`, `%` and `_` escaped (PostgreSQL's default LIKE escape is `\`),
 * so user input is always a literal substring, never a wildcard.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
