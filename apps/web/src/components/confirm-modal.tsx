import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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

/**
 * The confirmation every destructive action asks for: a dialog that says what
 * will happen, a Cancel button and a confirm button named after the action.
 * A failure is shown inside the dialog so the person can act on it (e.g.
 * "Make someone else an owner first") without losing what they typed.
 */
export function ConfirmModal({
  opened,
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
  isPending = false,
  error = null,
  isConfirmDisabled = false,
  color = 'red',
}: ConfirmModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={isPending ? () => {} : onClose} title={title} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!isConfirmDisabled && !isPending) onConfirm();
        }}
      >
        <Stack gap="md">
          {typeof children === 'string' ? <Text>{children}</Text> : children}
          {error !== null && error !== undefined && <ErrorAlert error={error} />}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={isPending}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" color={color} loading={isPending} disabled={isConfirmDisabled}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
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
