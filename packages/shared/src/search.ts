import { z } from 'zod';
import { textSchema } from './common.ts';

/** Query of `GET /api/search`: 1–100 characters. */
export const searchQuerySchema = z.object({
  q: textSchema('Search')
    .trim()
    .min(1, 'Type something to search for')
    .max(100, 'Search text is too long'),
});

/** Kinds of search result. */
export const searchResultTypeSchema = z.enum(['org', 'program', 'profile', 'event']);

/** One search hit, with the app path to open it. */
export const searchResultSchema = z.object({
  type: searchResultTypeSchema,
  id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  path: z.string(),
});
/** See {@link searchResultSchema}. */
export type SearchResult = z.infer<typeof searchResultSchema>;

/** Answer of `GET /api/search`: at most 20 results the caller may see, best first. */
export const searchResponseSchema = z.object({ results: z.array(searchResultSchema) });
