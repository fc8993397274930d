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
