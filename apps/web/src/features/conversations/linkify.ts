/** A run of plain text, or a web address to show as a link. */
export type LinkifiedPart =
  { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// A candidate starts with http:// or https:// and runs to the next whitespace or
// a character that cannot be part of an address typed in a chat.
const CANDIDATE = /\bhttps?:\/\/[^\s<>"'`]+/gi;
// Punctuation that ends a sentence rather than the address ("see https://x.org.").
const TRAILING = /[.,;:!?…]+$/;

/** Drops closing brackets that have no opening one inside the address ("(see https://x.org)"). */
function trimUnbalanced(url: string): string {
  let result = url;
  for (const [open, close] of [
    ['(', ')'],
    ['[', ']'],
    ['{', '}'],
  ] as const) {
    while (result.endsWith(close)) {
      const opens = result.split(open).length - 1;
      const closes = result.split(close).length - 1;
      if (closes <= opens) break;
      result = result.slice(0, -1);
    }
  }
  return result;
}

function trimEnd(url: string): string {
  let previous = '';
  let result = url;
  while (result !== previous) {
    previous = result;
    result = trimUnbalanced(result.replace(TRAILING, ''));
  }
  return result;
}

/** The normalised address when `candidate` is a valid http(s) URL with a host, else null. */
function toHref(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') return null;
    return url.href;
  } catch {
    return null;
  }
}

/**
 * Splits a message body (plain text, docs/decisions/007) into text runs and
 * `http://`/`https://` addresses, in order; joined, the parts' `text` is the
 * input unchanged. Only http and https become links (never `javascript:`,
 * `data:` or anything else), sentence punctuation and unbalanced closing
 * brackets after an address stay text, and nothing is ever turned into
 * markup: the caller renders each part as a text node or an anchor.
 */
export function linkify(text: string): LinkifiedPart[] {
  const parts: LinkifiedPart[] = [];
  let textStart = 0;
  for (const match of text.matchAll(CANDIDATE)) {
    const start = match.index;
    const candidate = trimEnd(match[0]);
    const href = toHref(candidate);
    if (href === null) continue;
    if (start > textStart) parts.push({ kind: 'text', text: text.slice(textStart, start) });
    parts.push({ kind: 'link', text: candidate, href });
    textStart = start + candidate.length;
  }
  if (textStart < text.length) parts.push({ kind: 'text', text: text.slice(textStart) });
  return parts;
}
