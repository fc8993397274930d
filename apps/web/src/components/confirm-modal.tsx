import { useCallback, useState, type ReactNode } from 'react';
import { downloadFailedError, lazyPart, usePreloadPart } from '../lib/lazy-part';
import { ErrorAlert } from './error-alert';

/** Props of {@link ConfirmModal}. */
export interface ConfirmModalProps {
  opened: boolean;
  /** Heading of the dialog (also its accessible name), e.g. "Remove Meera Iyer?". */
  title: string;
  /** What will happen, in a sentence or two; extra fields (a name to type) may follow. */
  children: ReactNode;
  /** Text of the confirm button; repeats the action, e.g. "Delete organisation". */
  confirmLabel: string;
  /** Runs the action; the dialog stays open until the caller closes it on success. */
  onConfirm: () => void;
  /** Closes without doing anything (Cancel, Escape, the overlay). */
  onClose: () => void;
  /** True while the action runs: the confirm button spins and Cancel is disabled. */
  isPending?: boolean;
  /** Why the action failed (a 409 "last owner", a network error...), shown in the dialog. */
  error?: unknown;
  /** Keeps the confirm button disabled, e.g. until the exact name is typed. */
  isConfirmDisabled?: boolean;
  /** Colour of the confirm button; red (destructive) unless told otherwise. */
  color?: string;
}

const loadDialog = () => import('./confirm-dialog').then((module) => module.ConfirmDialog);
const ConfirmDialog = lazyPart(loadDialog);

/**
 * The confirmation every destructive action asks for: a dialog that says what
 * will happen, a Cancel button and a confirm button named after the action.
 * A failure is shown inside the dialog so the person can act on it (e.g.
 * "Make someone else an owner first") without losing what they typed.
 *
 * The dialog's code (Mantine's Modal, focus trap, portal) is a separate
 * chunk, fetched when the browser is idle after the page has loaded, rendered
 * from the first time `opened` is true (docs/decisions/018). If it cannot be
 * downloaded (offline before it was cached), an alert with "Try again" takes
 * its place while it is open, and it retries by itself when the browser
 * comes back online.
 */
export function ConfirmModal(props: ConfirmModalProps) {
  usePreloadPart(loadDialog);
  const [wasOpened, setWasOpened] = useState(props.opened);
  if (props.opened && !wasOpened) setWasOpened(true);
  if (!wasOpened) return null;
  return (
    <ConfirmDialog
      {...props}
      retryKey={props.opened}
      failed={(retry) =>
        props.opened ? <ErrorAlert error={downloadFailedError} onRetry={retry} /> : null
      }
    />
  );
}

/** What {@link useConfirmTarget} returns. */
export interface ConfirmTarget<T> {
  /** The thing the dialog asks about; kept after closing so the closing dialog keeps its text. */
  target: T | null;
  isOpen: boolean;
  /** Opens the dialog about `target`. */
  open: (target: T) => void;
  close: () => void;
}

/**
 * State of a {@link ConfirmModal} about one item of a list (the member to
 * remove, the invite to revoke): which item, and whether the dialog is open.
 */
export function useConfirmTarget<T>(): ConfirmTarget<T> {
  const [target, setTarget] = useState<T | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const open = useCallback((next: T) => {
    setTarget(next);
    setIsOpen(true);
  }, []);
  const close = useCallback(() => setIsOpen(false), []);
  return { target, isOpen, open, close };
}
