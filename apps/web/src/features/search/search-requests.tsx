import { useHotkeys } from '@mantine/hooks';
import { takeEarlySearchKey } from './early-search-key';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';

/** How long a Ctrl/Cmd+K pressed before any search button was on screen still opens search, ms. */
export const PENDING_SEARCH_MS = 5000;

/** One request to open (button) or toggle (Ctrl/Cmd+K) the search palette. */
export interface SearchRequest {
  action: 'open' | 'toggle';
  /** Grows with every request, so each is acted on once. */
  seq: number;
  /** When it was made (ms since the epoch). */
  at: number;
  /** True until a palette acted on it (see {@link SearchRequests.consume}). */
  isPending: boolean;
}

/** What {@link useSearchRequests} gives. */
export interface SearchRequests {
  /** The latest request, or null before the first. */
  request: SearchRequest | null;
  /** Asks for the palette (the header button: `open`). */
  ask: (action: SearchRequest['action']) => void;
  /** Marks request `seq` as done, so a palette mounted later does not act on it again. */
  consume: (seq: number) => void;
}

const SearchRequestsContext = createContext<SearchRequests | null>(null);

/**
 * Listens for Ctrl/Cmd+K on the whole document from the app's first render
 * (also in form fields), long before the lazily loaded header and palette
 * exist, and keeps the latest request, so a key pressed while the page still
 * loads opens search as soon as it can (within {@link PENDING_SEARCH_MS}).
 */
export function SearchRequestsProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<SearchRequest | null>(null);
  const ask = useCallback(
    (action: SearchRequest['action']) =>
      setRequest((previous) => ({
        action,
        seq: (previous?.seq ?? 0) + 1,
        at: Date.now(),
        isPending: true,
      })),
    [],
  );
  const consume = useCallback(
    (seq: number) =>
      setRequest((current) =>
        current && current.seq === seq && current.isPending
          ? { ...current, isPending: false }
          : current,
      ),
    [],
  );
  useHotkeys([['mod+K', () => ask('toggle')]], []);
  useEffect(() => {
    const at = takeEarlySearchKey();
    if (at === null) return;
    setRequest((current) => current ?? { action: 'toggle', seq: 1, at, isPending: true });
  }, []);
  const value = useMemo(() => ({ request, ask, consume }), [request, ask, consume]);
  return <SearchRequestsContext.Provider value={value}>{children}</SearchRequestsContext.Provider>;
}

/** The search requests of the app (inside {@link SearchRequestsProvider}). */
export function useSearchRequests(): SearchRequests {
  const context = useContext(SearchRequestsContext);
  if (!context) throw new Error('useSearchRequests needs a SearchRequestsProvider');
  return context;
}
