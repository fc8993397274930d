import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/** How long the inbox search waits after the last keystroke, ms. */
export const INBOX_SEARCH_DEBOUNCE_MS = 300;

// The root view re-creates the page whenever the full path changes (SPEC.md
// §2), so writing `?q=` to the URL mounts a new search box: what was typed
// and the focus are handed over to it here.
let handover: { text: string } | null = null;

/**
 * The inbox search (docs/decisions/007 "Search"): the box's text, and the
 * search the list uses — the text trimmed and debounced by 300 ms, kept in
 * the URL as `?q=` (replacing the history entry) so a search survives a
 * reload and can be shared. `inputRef` goes on the box; `autoFocus` is true
 * on the box that takes over after the URL changed while typing.
 */
export function useInboxSearch() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const [taken] = useState(() => {
    const value = handover !== null && handover.text.trim() === q ? handover : null;
    handover = null;
    return value;
  });
  const [text, setText] = useState(taken?.text ?? q);
  const [debounced] = useDebouncedValue(text.trim(), INBOX_SEARCH_DEBOUNCE_MS);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (debounced === q) return;
    if (inputRef.current !== null && document.activeElement === inputRef.current) {
      handover = { text: inputRef.current.value };
    }
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (debounced === '') next.delete('q');
        else next.set('q', debounced);
        return next;
      },
      { replace: true },
    );
  }, [debounced, q, setParams]);

  return { text, setText, q, inputRef, autoFocus: taken !== null };
}
