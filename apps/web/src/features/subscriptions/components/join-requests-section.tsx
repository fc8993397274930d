import type { SubscriptionSummary } from '@rally/shared/subscriptions';
import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { notify } from '../../../lib/notify';
import { filteredSubscriptionsQueryOptions, useSubscriptionTransition } from '../api';

/** Props of {@link JoinRequestsSection}. */
export interface JoinRequestsSectionProps {
  programId: string;
  /** Whether the caller may approve and decline (manages subscriptions of an active program). */
  canManage: boolean;
}

/**
 * The program's open join requests (pending, not on the waitlist) at the top
 * of the program page for its staff, with their count in the heading and,
 * for those who manage enrolments, Approve / Decline on each
 * (docs/decisions/020). Nothing when nobody asks.
 */
export function JoinRequestsSection({ programId, canManage }: JoinRequestsSectionProps) {
  const { t } = useTranslation();
  const pending = useQuery(
    filteredSubscriptionsQueryOptions(programId, { status: 'pending', planId: '' }),
  );
  const requests = (pending.data ?? []).filter((s) => s.waitlistPosition === null);
  if (requests.length === 0) return null;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="join-requests-title">
      <Stack gap="sm">
        <Group gap="xs">
          <Title order={2} size="h3" id="join-requests-title">
            {t('joinRequests.title')}
          </Title>
          <Badge
            color="orange"
            size="lg"
            aria-label={t('joinRequests.count', { count: requests.length })}
          >
            {requests.length}
          </Badge>
        </Group>
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {requests.map((request) => (
            <JoinRequestRow
              key={request.id}
              programId={programId}
              request={request}
              canManage={canManage}
            />
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}

function JoinRequestRow({
  programId,
  request,
  canManage,
}: {
  programId: string;
  request: SubscriptionSummary;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const transition = useSubscriptionTransition(programId, request.id);
  const name = request.profileName;
  const act = (action: 'approve' | 'reject') =>
    transition.mutate(action, {
      onSuccess: ({ subscription }) =>
        notify(
          t('subscription.transitioned', {
            name,
            status: t(`subscriptions.statusValue.${subscription.status}`),
          }),
        ),
    });
  return (
    <Stack component="li" gap={4}>
      <Group justify="space-between" gap="xs">
        <div>
          <Anchor
            component={Link}
            to={`/programs/${encodeURIComponent(programId)}/subscriptions/${encodeURIComponent(request.id)}`}
            fw={600}
          >
            {name}
          </Anchor>
          {request.planName !== null && (
            <Text size="sm" c="dimmed">
              {request.planName}
            </Text>
          )}
        </div>
        {canManage && (
          <Group gap="xs">
            <Button
              h={44}
              aria-label={t('joinRequests.approve', { name })}
              loading={transition.isPending && transition.variables === 'approve'}
              disabled={transition.isPending}
              onClick={() => act('approve')}
            >
              {t('subscription.action.approve')}
            </Button>
            <Button
              h={44}
              variant="default"
              aria-label={t('joinRequests.reject', { name })}
              loading={transition.isPending && transition.variables === 'reject'}
              disabled={transition.isPending}
              onClick={() => act('reject')}
            >
              {t('subscription.action.reject')}
            </Button>
          </Group>
        )}
      </Group>
      {transition.isError && <ErrorAlert error={transition.error} />}
    </Stack>
  );
}
