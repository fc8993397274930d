import type { SubscriptionAction, SubscriptionSummary } from '@rally/shared/subscriptions';
import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfirmModal, useConfirmTarget } from '../../../components/confirm-modal';
import { notify } from '../../../lib/notify';
import { useSubscriptionTransition } from '../api';

/** Props of {@link SubscriptionActions}. */
export interface SubscriptionActionsProps {
  programId: string;
  subscription: SubscriptionSummary;
  /** `permissions.allowedActions` of the detail answer: only these get a button. */
  allowedActions: readonly SubscriptionAction[];
}

const DESTRUCTIVE: ReadonlySet<SubscriptionAction> = new Set([
  'reject',
  'withdraw',
  'cancel',
  'expire',
]);

/**
 * The lifecycle buttons the caller may use ("Approve", "Decline", "Withdraw
 * request", "Pause", "Resume", "Cancel enrolment", "End enrolment"), each
 * confirmed in a dialog whose confirm button repeats the action; a 409 (not
 * allowed from this status, or the program is full) shows in the dialog.
 */
export function SubscriptionActions({
  programId,
  subscription,
  allowedActions,
}: SubscriptionActionsProps) {
  const { t } = useTranslation();
  const transition = useSubscriptionTransition(programId, subscription.id);
  const confirm = useConfirmTarget<SubscriptionAction>();
  if (allowedActions.length === 0) return null;
  const action = confirm.target;
  const name = subscription.profileName;
  return (
    <>
      <Group gap="sm">
        {allowedActions.map((item) => (
          <Button
            key={item}
            variant={DESTRUCTIVE.has(item) ? 'default' : 'filled'}
            onClick={() => {
              transition.reset();
              confirm.open(item);
            }}
          >
            {t(`subscription.action.${item}`)}
          </Button>
        ))}
      </Group>
      <ConfirmModal
        opened={confirm.isOpen}
        title={
          action
            ? t('subscription.confirmTitle', { action: t(`subscription.action.${action}`), name })
            : ''
        }
        confirmLabel={action ? t(`subscription.action.${action}`) : ''}
        color={action && DESTRUCTIVE.has(action) ? 'red' : 'blue'}
        onClose={confirm.close}
        isPending={transition.isPending}
        error={transition.error}
        onConfirm={() => {
          if (!action) return;
          transition.mutate(action, {
            onSuccess: ({ subscription: next }) => {
              confirm.close();
              notify(
                t('subscription.transitioned', {
                  name,
                  status: t(`subscriptions.statusValue.${next.status}`),
                }),
              );
            },
          });
        }}
      >
        {action ? t(`subscription.confirmBody.${action}`, { name }) : ''}
      </ConfirmModal>
    </>
  );
}
