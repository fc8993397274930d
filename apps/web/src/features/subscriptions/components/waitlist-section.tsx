import type { SubscriptionSummary } from '@rally/shared/subscriptions';
import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmModal, useConfirmTarget } from '../../../components/confirm-modal';
import { ErrorAlert } from '../../../components/error-alert';
import { MoveButtons } from '../../../components/move-buttons';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import {
  subscriptionKeys,
  usePromoteFromWaitlist,
  useReorderWaitlist,
  waitlistQueryOptions,
} from '../api';

/** Props of {@link WaitlistSection}. */
export interface WaitlistSectionProps {
  programId: string;
  /** Whether the caller may reorder and promote (manages subscriptions of an active program). */
  canManage: boolean;
}

/**
 * The program's waitlist (staff), shown only while someone waits: first in
 * line first with position numbers; for those who manage subscriptions,
 * "Move {name} up/down" (PUT the whole new order; a 409 means the list
 * changed meanwhile, so it is reloaded and the person told) and
 * "Promote {name}" after confirmation — disabled, with the reason, while the
 * program has no free place (a 409 "still full" that races in shows in the dialog).
 */
export function WaitlistSection({ programId, canManage }: WaitlistSectionProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const waitlist = useQuery(waitlistQueryOptions(programId));
  const reorder = useReorderWaitlist(programId);
  const promote = usePromoteFromWaitlist(programId);
  const confirm = useConfirmTarget<SubscriptionSummary>();
  const [isStale, setIsStale] = useState(false);

  const list = waitlist.data?.waitlist;
  if (!list || list.length === 0) return null;
  // Promoting needs a free place; the server would answer 409 "full" (docs/decisions/020).
  const isFull = waitlist.data?.spotsLeft === 0;

  const move = (index: number, offset: -1 | 1) => {
    const ids = list.map((subscription) => subscription.id);
    const other = index + offset;
    const current = ids[index];
    const swapped = ids[other];
    if (current === undefined || swapped === undefined) return;
    ids[index] = swapped;
    ids[other] = current;
    setIsStale(false);
    reorder.mutate(ids, {
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) {
          setIsStale(true);
          reorder.reset();
          void queryClient.invalidateQueries({ queryKey: subscriptionKeys.waitlist(programId) });
        }
      },
    });
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="program-waitlist">
      <Title order={2} size="h3" id="program-waitlist">
        {t('waitlist.title')}
      </Title>
      {isStale && (
        <Alert color="yellow" role="alert" withCloseButton onClose={() => setIsStale(false)}>
          {t('waitlist.changed')}
        </Alert>
      )}
      {reorder.isError && <ErrorAlert error={reorder.error} />}
      {canManage && isFull && (
        <Text size="sm" id="waitlist-full">
          {t('waitlist.fullHint')}
        </Text>
      )}
      <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {list.map((subscription, index) => {
          const name = subscription.profileName;
          return (
            <Group component="li" key={subscription.id} gap="sm" justify="space-between">
              <Group gap="xs">
                <Text fw={600} aria-hidden>
                  {subscription.waitlistPosition ?? index + 1}.
                </Text>
                <Anchor
                  component={Link}
                  to={`/programs/${encodeURIComponent(programId)}/subscriptions/${encodeURIComponent(subscription.id)}`}
                >
                  {name}
                </Anchor>
                {subscription.planName !== null && (
                  <Text size="sm" c="dimmed">
                    {subscription.planName}
                  </Text>
                )}
              </Group>
              {canManage && (
                <Group gap="xs">
                  <MoveButtons
                    upLabel={t('waitlist.moveUp', { name })}
                    downLabel={t('waitlist.moveDown', { name })}
                    upText={t('waitlist.up')}
                    downText={t('waitlist.down')}
                    isFirst={index === 0}
                    isLast={index === list.length - 1}
                    isPending={reorder.isPending}
                    onMove={(offset) => move(index, offset)}
                  />
                  <Button
                    size="xs"
                    variant="light"
                    aria-label={t('waitlist.promote', { name })}
                    disabled={isFull}
                    aria-describedby={isFull ? 'waitlist-full' : undefined}
                    onClick={() => {
                      promote.reset();
                      confirm.open(subscription);
                    }}
                  >
                    {t('waitlist.promoteShort')}
                  </Button>
                </Group>
              )}
            </Group>
          );
        })}
      </Stack>
      <ConfirmModal
        opened={confirm.isOpen}
        title={t('waitlist.promoteTitle', { name: confirm.target?.profileName ?? '' })}
        confirmLabel={t('waitlist.promote', { name: confirm.target?.profileName ?? '' })}
        color="blue"
        isPending={promote.isPending}
        error={promote.error}
        onClose={confirm.close}
        onConfirm={() => {
          const target = confirm.target;
          if (!target) return;
          promote.mutate(target.id, {
            onSuccess: () => {
              confirm.close();
              notify(t('waitlist.promoted', { name: target.profileName }));
            },
          });
        }}
      >
        {t('waitlist.promoteBody', { name: confirm.target?.profileName ?? '' })}
      </ConfirmModal>
    </Stack>
  );
}
