import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from './error-alert';
import type { ConfirmModalProps } from './confirm-modal';

/**
 * The dialog of {@link ConfirmModal}: what will happen, Cancel, and a confirm
 * button named after the action; a failure shows inside it. In its own chunk
 * so that Mantine's Modal, focus trap and portal download when the browser
 * is idle, not with every page that offers a destructive action
 * (docs/decisions/018).
 */
export function ConfirmDialog({
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
