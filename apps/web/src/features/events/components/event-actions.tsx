import type { EditScope, EventDetail } from '@rally/shared/events';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import {
  IconBan,
  IconClipboardCheck,
  IconPencil,
  IconRestore,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { ErrorAlert } from '../../../components/error-alert';
import { isApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { programPath } from '../../../lib/use-program-id';
import { useCancelEvent, useDeleteEvent, useReinstateEvent } from '../api';
import { ScopeRadioGroup } from './edit-scope-modal';

/** Props of {@link EventActions}. */
export interface EventActionsProps {
  /** The event's detail: its status, series and the caller's permissions. */
  detail: EventDetail;
}

/**
 * The staff's actions on an event page: Edit, Take attendance, Cancel (one
 * occurrence, with an optional reason families see), Reinstate, and Delete
 * after confirmation (for an occurrence of a series: this / following / all).
 * A delete refused because sessions have attendance marks (409) shows the
 * server's message in the dialog and offers to cancel instead
 * (docs/decisions/006: attendance is history).
 */
export function EventActions({ detail }: EventActionsProps) {
  const { t } = useTranslation();
  const { event, series, permissions } = detail;
  const eventPath = programPath(event.programId, `/events/${encodeURIComponent(event.id)}`);
  const isCancelled = event.status === 'cancelled';
  const [isCancelOpen, setIsCancelOpen] = useState(false);
  const [isDeleteOpen, setIsDeleteOpen] = useState(false);
  const reinstate = useReinstateEvent(event.programId, event.id);

  return (
    <Stack gap="xs">
      <Group gap="sm">
        {permissions.canEdit && (
          <Button
            component={Link}
            to={`${eventPath}/edit`}
            variant="default"
            leftSection={<IconPencil size={16} aria-hidden />}
          >
            {t('eventActions.edit')}
          </Button>
        )}
        {permissions.canMarkAttendance && !isCancelled && (
          <Button
            component={Link}
            to={`${eventPath}/attendance`}
            variant="default"
            leftSection={<IconClipboardCheck size={16} aria-hidden />}
          >
            {t('eventActions.takeAttendance')}
          </Button>
        )}
        {permissions.canEdit && !isCancelled && (
          <Button
            variant="default"
            color="red"
            leftSection={<IconBan size={16} aria-hidden />}
            onClick={() => setIsCancelOpen(true)}
          >
            {t('eventActions.cancel')}
          </Button>
        )}
        {permissions.canEdit && isCancelled && (
          <Button
            variant="default"
            leftSection={<IconRestore size={16} aria-hidden />}
            loading={reinstate.isPending}
            onClick={() =>
              reinstate.mutate(undefined, {
                onSuccess: () => notify(t('eventActions.reinstated', { title: event.title })),
              })
            }
          >
            {t('eventActions.reinstate')}
          </Button>
        )}
        {permissions.canEdit && (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => setIsDeleteOpen(true)}
          >
            {t('eventActions.delete')}
          </Button>
        )}
      </Group>
      {reinstate.isError && <ErrorAlert error={reinstate.error} />}
      {permissions.canEdit && (
        <>
          <CancelEventModal
            detail={detail}
            opened={isCancelOpen}
            onClose={() => setIsCancelOpen(false)}
          />
          <DeleteEventModal
            detail={detail}
            isSeries={series !== null}
            opened={isDeleteOpen}
            onClose={() => setIsDeleteOpen(false)}
            onCancelInstead={() => {
              setIsDeleteOpen(false);
              setIsCancelOpen(true);
            }}
          />
        </>
      )}
    </Stack>
  );
}

interface ModalProps {
  detail: EventDetail;
  opened: boolean;
  onClose: () => void;
}

/** "Cancel event": one occurrence, an optional reason shown to families; "Keep event" closes. */
function CancelEventModal({ detail, opened, onClose }: ModalProps) {
  const { t } = useTranslation();
  const { event } = detail;
  const cancel = useCancelEvent(event.programId, event.id);
  const [reason, setReason] = useState('');
  const close = () => {
    if (cancel.isPending) return;
    cancel.reset();
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('eventActions.cancelTitle', { title: event.title })}
      centered
    >
      <form
        onSubmit={(submitted) => {
          submitted.preventDefault();
          cancel.mutate(
            { reason },
            {
              onSuccess: () => {
                notify(t('eventActions.cancelled', { title: event.title }));
                setReason('');
                onClose();
              },
            },
          );
        }}
      >
        <Stack gap="md">
          <Text>{t('eventActions.cancelBody')}</Text>
          <Textarea
            label={t('eventActions.cancelReason')}
            placeholder={t('eventActions.cancelReasonPlaceholder')}
            autosize
            minRows={2}
            maxLength={300}
            value={reason}
            onChange={(change) => setReason(change.currentTarget.value)}
          />
          {cancel.isError && <ErrorAlert error={cancel.error} />}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={cancel.isPending}>
              {t('eventActions.keep')}
            </Button>
            <Button type="submit" color="red" loading={cancel.isPending}>
              {t('eventActions.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** "Delete event" after confirmation; for a series, which occurrences. A 409 suggests cancelling. */
function DeleteEventModal({
  detail,
  isSeries,
  opened,
  onClose,
  onCancelInstead,
}: ModalProps & { isSeries: boolean; onCancelInstead: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { event } = detail;
  const remove = useDeleteEvent(event.programId, event.id);
  const [scope, setScope] = useState<EditScope>('this');
  const hasMarks = isApiError(remove.error, 'conflict');
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmModal
      opened={opened}
      title={t('eventActions.deleteTitle', { title: event.title })}
      confirmLabel={t('eventActions.delete')}
      isPending={remove.isPending}
      error={remove.error}
      onClose={close}
      onConfirm={() =>
        remove.mutate(
          { scope: isSeries ? scope : 'this' },
          {
            onSuccess: () => {
              notify(t('eventActions.deleted', { title: event.title }));
              void navigate(programPath(event.programId, '/calendar'));
            },
          },
        )
      }
    >
      <Stack gap="md">
        <Text>{isSeries ? t('eventActions.deleteSeriesBody') : t('eventActions.deleteBody')}</Text>
        {isSeries && (
          <ScopeRadioGroup
            action="delete"
            value={scope}
            onChange={(next) => {
              remove.reset();
              setScope(next);
            }}
          />
        )}
        {hasMarks && (
          <Alert color="yellow" variant="light">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('eventActions.cancelInsteadHint')}</Text>
              {event.status === 'scheduled' && (
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  onClick={() => {
                    remove.reset();
                    onCancelInstead();
                  }}
                >
                  {t('eventActions.cancelInstead')}
                </Button>
              )}
            </Stack>
          </Alert>
        )}
      </Stack>
    </ConfirmModal>
  );
}
