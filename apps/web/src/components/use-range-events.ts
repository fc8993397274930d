import { useEffect, useState } from 'react';

/** A `[from, to)` window of UTC ISO instants. */
export interface InstantRange {
  from: string;
  to: string;
}

/** What {@link useRangeEvents} knows about the current range. */
export interface RangeEvents<T> {
  /** The range's events, or null until its first answer (a new range starts at null). */
  events: readonly T[] | null;
  /** True while a load of the range is under way (also a reload, with the old events kept). */
  isLoading: boolean;
  /** The last load's failure, null once a load starts again. */
  error: unknown;
}

interface State<T> extends RangeEvents<T> {
  key: string;
}

const IDLE: RangeEvents<never> = { events: null, isLoading: false, error: null };

/**
 * Loads the events of `range` with `loadEvents` (e.g. a page's
 * `queryClient.fetchQuery`, which caches), again whenever the range,
 * `loadEvents` or `reloadKey` changes; a reload keeps the events shown until
 * its answer replaces them, and an answer for a range no longer shown is
 * dropped. `range` null: nothing to load (another view is shown).
 */
export function useRangeEvents<T>(
  range: InstantRange | null,
  loadEvents: (range: InstantRange) => Promise<readonly T[]>,
  reloadKey: number,
): RangeEvents<T> {
  const key = range ? `${range.from}/${range.to}` : '';
  const [state, setState] = useState<State<T>>({ key: '', ...IDLE });
  useEffect(() => {
    if (!key) return;
    const [from = '', to = ''] = key.split('/');
    let isCurrent = true;
    setState((previous) => ({
      key,
      events: previous.key === key ? previous.events : null,
      isLoading: true,
      error: null,
    }));
    loadEvents({ from, to }).then(
      (events) => {
        if (isCurrent) setState({ key, events, isLoading: false, error: null });
      },
      (error: unknown) => {
        if (isCurrent) setState((previous) => ({ ...previous, isLoading: false, error }));
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [key, loadEvents, reloadKey]);
  if (!key) return IDLE;
  // The first render of a new range, before the effect above has run.
  if (state.key !== key) return { events: null, isLoading: true, error: null };
  return state;
}
