import { filesRoutes } from '@rally/shared/api/files';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiUrl, authorizationHeaders, usesBearerSession } from './native-session';

/** The query key of a stored file fetched for display: `['file-src', url]`. */
const FILE_SRC_KEY = 'file-src';
/** How long a file no component shows stays in memory before its object URL is revoked (ms). */
const UNUSED_FILE_MS = 5 * 60_000;

/** What every stored file's URL starts with: `GET /api/files/{fileId}` up to its parameter. */
const FILES_PATH = filesRoutes.get.path.slice(0, filesRoutes.get.path.indexOf(':'));

/** Query clients whose removed file queries revoke their object URLs. */
const revoking = new WeakSet<QueryClient>();

/**
 * Whether `url` (an API file URL such as `photoUrl`, `GET /api/files/{id}`)
 * must be fetched with the session's Bearer token to be shown: in the
 * native app, whose web view neither holds the session cookie nor serves
 * the API on its own origin (docs/decisions/026). A browser loads it as is.
 */
export function fileNeedsBearer(url: string): boolean {
  return usesBearerSession() && url.startsWith(FILES_PATH);
}

/**
 * The address to link to for opening or downloading a stored file outside
 * the page (a full-size image, a PDF): on the API's origin in the app, so
 * the system browser opens it there; as is in a browser.
 */
export function fileLinkUrl(url: string): string {
  return url.startsWith(FILES_PATH) ? apiUrl(url) : url;
}

/**
 * The `src` to show a stored file with (an `<img>`, Mantine's Avatar or
 * Image). In a browser: `url` itself. In the native app: an object URL of
 * the file fetched with the Bearer token (undefined until it is there or
 * when it fails, so an Avatar shows its initials meanwhile). Each URL is
 * fetched once however many components show it, kept while shown and for
 * 5 minutes after, then its object URL is revoked (also after sign-out,
 * which removes the queries). `url` null or undefined: undefined. The
 * fetch starts when the component mounts: a `loading="lazy"` image no
 * longer waits to be scrolled into view.
 */
export function useFileSrc(url: string | null | undefined): string | undefined {
  const queryClient = useQueryClient();
  const needsBearer = typeof url === 'string' && fileNeedsBearer(url);
  if (needsBearer) revokeRemovedFiles(queryClient);
  const { data } = useQuery({
    queryKey: [FILE_SRC_KEY, url],
    queryFn: ({ signal }) => fetchObjectUrl(url as string, signal),
    enabled: needsBearer,
    // Never refetched, not even by invalidateQueries() (realtime access
    // changes): a file's URL names its bytes, a new photo gets a new URL.
    staleTime: 'static',
    gcTime: UNUSED_FILE_MS,
    // A network failure is tried once more; an answer such as 404 (the file was replaced) is final.
    retry: (failures, error) => failures < 1 && !(error instanceof FileAnswerError),
  });
  if (typeof url !== 'string') return undefined;
  return needsBearer ? data : url;
}

/** The API answered a file's fetch with a non-2xx status. */
class FileAnswerError extends Error {
  /** The answer's HTTP status. */
  readonly status: number;
  constructor(url: string, status: number) {
    super(`GET ${url}: ${status}`);
    this.status = status;
  }
}

/** Fetches an API file with the session's Bearer token as an object URL; rejects on a non-2xx answer. */
async function fetchObjectUrl(url: string, signal: AbortSignal): Promise<string> {
  const response = await fetch(apiUrl(url), { headers: authorizationHeaders(), signal });
  if (!response.ok) throw new FileAnswerError(url, response.status);
  return URL.createObjectURL(await response.blob());
}

/**
 * Revokes the object URL of every file query `queryClient` removes: at once
 * when nothing shows it (garbage collected), {@link UNUSED_FILE_MS} later
 * when components still do (`removeQueries` or `clear` at sign-out, which
 * ignore observers), so a shown image is not broken under them. Data
 * replaced or reset (a forced `query.fetch()`, `resetQueries`) revokes the
 * URL it replaced.
 */
function revokeRemovedFiles(queryClient: QueryClient): void {
  if (revoking.has(queryClient)) return;
  revoking.add(queryClient);
  const shown = new Map<string, string>();
  queryClient.getQueryCache().subscribe((event) => {
    const { query } = event;
    if (query.queryKey[0] !== FILE_SRC_KEY) return;
    const previous = shown.get(query.queryHash);
    const current: unknown = query.state.data;
    if (event.type === 'removed') {
      shown.delete(query.queryHash);
      if (previous === undefined) return;
      if (query.getObserversCount() === 0) URL.revokeObjectURL(previous);
      else setTimeout(() => URL.revokeObjectURL(previous), UNUSED_FILE_MS);
    } else if (current !== previous) {
      if (typeof current === 'string') shown.set(query.queryHash, current);
      else shown.delete(query.queryHash);
      if (previous !== undefined) URL.revokeObjectURL(previous);
    }
  });
}
