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
 * 5 minutes after, then its object URL is revoked (also at sign-out, when
 * the query cache is cleared). `url` null or undefined: undefined.
 */
export function useFileSrc(url: string | null | undefined): string | undefined {
  const queryClient = useQueryClient();
  const needsBearer = typeof url === 'string' && fileNeedsBearer(url);
  if (needsBearer) revokeRemovedFiles(queryClient);
  const { data } = useQuery({
    queryKey: [FILE_SRC_KEY, url],
    queryFn: ({ signal }) => fetchObjectUrl(url as string, signal),
    enabled: needsBearer,
    staleTime: Infinity,
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

/** Revokes the object URL of every file query `queryClient` removes (garbage collected or cleared). */
function revokeRemovedFiles(queryClient: QueryClient): void {
  if (revoking.has(queryClient)) return;
  revoking.add(queryClient);
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'removed' || event.query.queryKey[0] !== FILE_SRC_KEY) return;
    const objectUrl: unknown = event.query.state.data;
    if (typeof objectUrl === 'string') URL.revokeObjectURL(objectUrl);
  });
}
