import { useEffect, useRef, useState } from 'react';

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
 *
 * The first range's load starts while the component first renders, not
 * after it commits: a page's first render can take a few hundred ms on a
 * slow phone, and the events are what the calendar page is for
 * (docs/decisions/018); the effect then uses that load. A render React
 * throws away before committing (a sibling suspended) asks again, so
 * `loadEvents` should share a load under way for the same range, as
 * TanStack Query's `fetchQuery` does.
 */
export function useRangeEvents<T>(
  range: InstantRange | null,
  loadEvents: (range: InstantRange) => Promise<readonly T[]>,
  reloadKey: number,
): RangeEvents<T> {
  const key = range ? `${range.from}/${range.to}` : '';
  const [state, setState] = useState<State<T>>({ key: '', ...IDLE });
  const early = useRef<{ key: string; answer: Promise<readonly T[]> } | null>(null);
  useState(() => {
    if (!range) return;
    const answer = loadEvents({ from: range.from, to: range.to });
    // Handled by the effect below; this keeps an unmount before it from logging a rejection.
    answer.catch(() => {});
    early.current = { key, answer };
  });
  useEffect(() => {
    if (!key) return;
    const [from = '', to = ''] = key.split('/');
    const started = early.current?.key === key ? early.current.answer : null;
    early.current = null;
    let isCurrent = true;
    setState((previous) => ({
      key,
      events: previous.key === key ? previous.events : null,
      isLoading: true,
      error: null,
    }));
    (started ?? loadEvents({ from, to })).then(
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
