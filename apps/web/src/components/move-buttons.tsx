import { Button, Group } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';

/** Props of {@link MoveButtons}. */
export interface MoveButtonsProps {
  /** Accessible names, e.g. "Move Asha up" / "Move Asha down". */
  upLabel: string;
  downLabel: string;
  /** Visible texts, e.g. "Up" / "Down". */
  upText: string;
  downText: string;
  /** The entry's place: "Up" is off for the first, "Down" for the last. */
  isFirst: boolean;
  isLast: boolean;
  /** A move of this list is being saved: presses are ignored until it ends. */
  isPending: boolean;
  /** Called with -1 (up) or +1 (down). */
  onMove: (offset: -1 | 1) => void;
}

/**
 * "Up" / "Down" buttons that reorder an entry of a list (waitlists), for
 * keyboard and screen-reader users as much as for a thumb. While a move is
 * saved the buttons say they are unavailable (`aria-disabled`) but keep
 * focus, and when it is done focus stays with the entry that moved (React
 * moves its row in the DOM, which would drop focus to the page): on the
 * pressed button, or on the other one when the entry reached an end.
 */
export function MoveButtons({
  upLabel,
  downLabel,
  upText,
  downText,
  isFirst,
  isLast,
  isPending,
  onMove,
}: MoveButtonsProps) {
  const upRef = useRef<HTMLButtonElement>(null);
  const downRef = useRef<HTMLButtonElement>(null);
  const pressed = useRef<-1 | 1 | null>(null);

  useEffect(() => {
    if (isPending || pressed.current === null) return;
    const target = pressed.current === -1 ? (isFirst ? downRef : upRef) : isLast ? upRef : downRef;
    pressed.current = null;
    target.current?.focus();
  }, [isPending, isFirst, isLast]);

  const press = (offset: -1 | 1) => {
    if (isPending) return;
    pressed.current = offset;
    onMove(offset);
  };
  const busy = isPending || undefined;
  const buttons = [
    { offset: -1, ref: upRef, label: upLabel, text: upText, Icon: IconArrowUp, off: isFirst },
    { offset: 1, ref: downRef, label: downLabel, text: downText, Icon: IconArrowDown, off: isLast },
  ] as const;

  return (
    <Group gap="xs">
      {buttons.map(({ offset, ref, label, text, Icon, off }) => (
        <Button
          key={offset}
          ref={ref}
          size="xs"
          variant="default"
          aria-label={label}
          leftSection={<Icon size={14} aria-hidden />}
          disabled={off}
          data-disabled={busy}
          aria-disabled={busy}
          onClick={() => press(offset)}
        >
          {text}
        </Button>
      ))}
    </Group>
  );
}
