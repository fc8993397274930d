import { fieldError } from './errors.ts';

/** A page request as repositories take it: search text `q`, rows `offset` .. `offset + limit - 1`. */
export interface PageWindow {
  q: string;
  limit: number;
  offset: number;
}

/** The {@link PageWindow} of a 1-based `page` of `pageSize` rows matching `q`. */
export function pageWindow(query: { q: string; page: number; pageSize: number }): PageWindow {
  return { q: query.q, limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
}

/** Encodes a keyset position (time in ms and id) as an opaque URL-safe cursor. */
export function encodeCursor(at: Date, id: string): string {
  return Buffer.from(`${at.getTime()}.${id}`, 'utf8').toString('base64url');
}

/** Decodes {@link encodeCursor}'s output; throws 400 `validation_failed` on `cursor` for anything else. */
export function decodeCursor(cursor: string): { at: Date; id: string } {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^(\d{1,15})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.exec(
    text,
  );
  if (!match) {
    throw fieldError('cursor', 'This cursor is not valid');
  }
  return { at: new Date(Number(match[1])), id: match[2]! };
}
