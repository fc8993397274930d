import type { Subscription } from '@rally/shared/subscriptions';
import { Anchor, Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatLocalDate } from '../../../lib/format';

/** Props of {@link SubscriptionList}. */
export interface SubscriptionListProps {
  programId: string;
  subscriptions: readonly Subscription[];
}

/** Colour of a subscription status badge. */
export function subscriptionStatusColor(status: Subscription['status']): string {
  if (status === 'active') return 'green';
  if (status === 'pending' || status === 'paused') return 'yellow';
  return 'gray';
}

/** The program's enrolments (staff): profile (link to the subscription), status and start date. */
export function SubscriptionList({ programId, subscriptions }: SubscriptionListProps) {
  const { t, i18n } = useTranslation();
  if (subscriptions.length === 0) return <Text c="dimmed">{t('subscriptions.empty')}</Text>;
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('subscriptions.profile')}</Table.Th>
            <Table.Th>{t('subscriptions.status')}</Table.Th>
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
                <Badge variant="light" color={subscriptionStatusColor(subscription.status)}>
                  {t(`subscriptions.statusValue.${subscription.status}`)}
                </Badge>
              </Table.Td>
              <Table.Td>{formatLocalDate(subscription.startsOn, i18n.language)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
