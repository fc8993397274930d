import type { FeePlan } from '@rally/shared/programs';
import type { SubscriptionStatus, SubscriptionSummary } from '@rally/shared/subscriptions';
import { Anchor, Badge, Group, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { QueryState } from '../../../components/query-state';
import { formatLocalDate } from '../../../lib/format';
import {
  filteredSubscriptionsQueryOptions,
  programFeePlansQueryOptions,
  type SubscriptionFilters,
} from '../api';
import { subscriptionStatusColor } from './subscription-status';

const STATUSES: readonly SubscriptionStatus[] = [
  'pending',
  'active',
  'paused',
  'cancelled',
  'rejected',
  'expired',
];

function isStatus(value: string | null): value is SubscriptionStatus {
  return value !== null && (STATUSES as readonly string[]).includes(value);
}

/** Reads `?status=&planId=` (an unknown status counts as "all"). */
export function useSubscriptionFilters(): [
  SubscriptionFilters,
  (change: Partial<SubscriptionFilters>) => void,
] {
  const [searchParams, setSearchParams] = useSearchParams();
  const status = searchParams.get('status');
  const filters: SubscriptionFilters = {
    status: isStatus(status) ? status : '',
    planId: searchParams.get('planId') ?? '',
  };
  const setFilters = (change: Partial<SubscriptionFilters>) => {
    const next = { ...filters, ...change };
    setSearchParams(
      (previous) => {
        const params = new URLSearchParams(previous);
        for (const key of ['status', 'planId'] as const) {
          if (next[key]) params.set(key, next[key]);
          else params.delete(key);
        }
        return params;
      },
      { replace: true },
    );
  };
  return [filters, setFilters];
}

/** Props of {@link StaffSubscriptions}. */
export interface StaffSubscriptionsProps {
  programId: string;
}

/**
 * The program's subscriptions for staff, filtered by status and fee plan
 * (kept in the URL as `?status=&planId=`): profile (link to the
 * subscription), status, plan and start date; an empty state per filter.
 */
export function StaffSubscriptions({ programId }: StaffSubscriptionsProps) {
  const { t } = useTranslation();
  const [filters, setFilters] = useSubscriptionFilters();
  const plans = useQuery(programFeePlansQueryOptions(programId));
  const subscriptions = useQuery(filteredSubscriptionsQueryOptions(programId, filters));
  const planList = plans.data ?? [];
  const selectedPlan = planList.find((plan) => plan.id === filters.planId);
  const planOptions = [
    { value: '', label: t('subscriptions.filters.allPlans') },
    ...planList.map((plan) => ({ value: plan.id, label: plan.name })),
    // A plan id from the URL that is not (yet) among the plans stays selectable.
    ...(filters.planId && !selectedPlan
      ? [{ value: filters.planId, label: t('subscriptions.filters.unknownPlan') }]
      : []),
  ];

  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end">
        <NativeSelect
          label={t('subscriptions.filters.status')}
          value={filters.status}
          onChange={(event) =>
            setFilters({ status: event.currentTarget.value as SubscriptionFilters['status'] })
          }
          data={[
            { value: '', label: t('subscriptions.filters.allStatuses') },
            ...STATUSES.map((status) => ({
              value: status,
              label: t(`subscriptions.statusValue.${status}`),
            })),
          ]}
        />
        <NativeSelect
          label={t('subscriptions.filters.plan')}
          value={filters.planId}
          onChange={(event) => setFilters({ planId: event.currentTarget.value })}
          data={planOptions}
        />
      </Group>
      <QueryState query={subscriptions}>
        {(list) =>
          list.length === 0 ? (
            <Text c="dimmed">{emptyText(t, filters, selectedPlan)}</Text>
          ) : (
            <FilteredSubscriptionTable programId={programId} subscriptions={list} />
          )
        }
      </QueryState>
    </Stack>
  );
}

function emptyText(t: TFunction, filters: SubscriptionFilters, plan: FeePlan | undefined): string {
  const planName = plan?.name ?? t('subscriptions.filters.unknownPlan');
  if (filters.status && filters.planId) {
    return t('subscriptions.filters.emptyStatusAndPlan', {
      status: t(`subscriptions.statusValue.${filters.status}`),
      plan: planName,
    });
  }
  if (filters.status) {
    return t('subscriptions.filters.emptyStatus', {
      status: t(`subscriptions.statusValue.${filters.status}`),
    });
  }
  if (filters.planId) return t('subscriptions.filters.emptyPlan', { plan: planName });
  return t('subscriptions.empty');
}

function FilteredSubscriptionTable({
  programId,
  subscriptions,
}: {
  programId: string;
  subscriptions: readonly SubscriptionSummary[];
}) {
  const { t, i18n } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('subscriptions.profile')}</Table.Th>
            <Table.Th>{t('subscriptions.status')}</Table.Th>
            <Table.Th>{t('subscriptions.plan')}</Table.Th>
            <Table.Th>{t('subscriptions.startsOn')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {subscriptions.map((subscription) => (
            <Table.Tr key={subscription.id}>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={`/programs/${encodeURIComponent(programId)}/subscriptions/${encodeURIComponent(subscription.id)}`}
                >
                  {subscription.profileName}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  <Badge variant="light" color={subscriptionStatusColor(subscription.status)}>
                    {t(`subscriptions.statusValue.${subscription.status}`)}
                  </Badge>
                  {subscription.waitlistPosition != null && (
                    <Badge variant="outline" color="gray">
                      {t('subscriptions.waitlistBadge', {
                        position: subscription.waitlistPosition,
                      })}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>{subscription.planName ?? t('subscriptions.noPlan')}</Table.Td>
              <Table.Td>{formatLocalDate(subscription.startsOn, i18n.language)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
