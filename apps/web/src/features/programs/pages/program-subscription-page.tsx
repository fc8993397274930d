import { Badge, Stack, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NotFound } from '../../../components/not-found';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { formatLocalDate } from '../../../lib/format';
import { programSubscriptionsQueryOptions } from '../api';
import { subscriptionStatusColor } from '../components/subscription-list';
import { useProgramId } from '../use-program-id';

/**
 * One enrolment (route `program-subscription`), taken from the program's
 * enrolments (staff): profile, status, start and end dates.
 */
export function ProgramSubscriptionPage() {
  const { t, i18n } = useTranslation();
  const programId = useProgramId();
  const { subscriptionId = '' } = useParams();
  const subscriptions = useQuery(programSubscriptionsQueryOptions(programId));
  return (
    <QueryState query={subscriptions} notFoundIsPage>
      {(list) => {
        const subscription = list.find((item) => item.id === subscriptionId);
        if (!subscription) return <NotFound />;
        return (
          <Stack gap="md">
            <PageTitle title={t('subscription.title', { name: subscription.profileName })} />
            <Table variant="vertical" layout="fixed" withTableBorder>
              <Table.Tbody>
                <Row label={t('subscriptions.profile')}>{subscription.profileName}</Row>
                <Row label={t('subscription.program')}>{subscription.programName}</Row>
                <Row label={t('subscriptions.status')}>
                  <Badge variant="light" color={subscriptionStatusColor(subscription.status)}>
                    {t(`subscriptions.statusValue.${subscription.status}`)}
                  </Badge>
                </Row>
                <Row label={t('subscriptions.startsOn')}>
                  {formatLocalDate(subscription.startsOn, i18n.language)}
                </Row>
                <Row label={t('subscription.endsOn')}>
                  {subscription.endsOn
                    ? formatLocalDate(subscription.endsOn, i18n.language)
                    : t('subscription.noEnd')}
                </Row>
              </Table.Tbody>
            </Table>
          </Stack>
        );
      }}
    </QueryState>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={140}>{label}</Table.Th>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  );
}
