import type { SubscriptionDetail } from '@rally/shared/subscriptions';
import { Badge, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { formatDateTime, formatLocalDate, viewerTimeZone } from '../../../lib/format';
import { useProgramId } from '../../../lib/use-program-id';
import { subscriptionDetailQueryOptions } from '../api';
import { DuesSection } from '../components/dues-section';
import { EditEnrolmentForm } from '../components/edit-enrolment-form';
import { SubscriptionActions } from '../components/subscription-actions';
import { subscriptionStatusColor } from '../components/subscription-status';
import { formatPrice } from '../money';

/**
 * One enrolment (route `program-subscription`, staff and the family), from
 * `GET .../subscriptions/:subscriptionId`: profile, program, status, plan,
 * dates, waitlist position, session pack, the actions the caller may take,
 * the history of changes and the dues; staff (`permissions.canEdit`) also
 * edit the plan and dates ("Edit enrolment").
 */
export function ProgramSubscriptionPage() {
  const { t } = useTranslation();
  const programId = useProgramId();
  const { subscriptionId = '' } = useParams();
  const detail = useQuery(subscriptionDetailQueryOptions(programId, subscriptionId));
  return (
    <QueryState query={detail} notFoundIsPage>
      {(data) => (
        <Stack gap="lg">
          <PageTitle title={t('subscription.title', { name: data.subscription.profileName })} />
          <Facts data={data} />
          <SubscriptionActions
            programId={programId}
            subscription={data.subscription}
            allowedActions={data.permissions.allowedActions}
          />
          {data.permissions.canEdit && (
            <EditEnrolmentForm
              key={data.subscription.updatedAt}
              programId={programId}
              subscription={data.subscription}
            />
          )}
          <History data={data} />
          <DuesSection programId={programId} data={data} />
        </Stack>
      )}
    </QueryState>
  );
}

function Facts({ data }: { data: SubscriptionDetail }) {
  const { t, i18n } = useTranslation();
  const { subscription } = data;
  return (
    <Table variant="vertical" layout="fixed" withTableBorder>
      <Table.Tbody>
        <Row label={t('subscriptions.profile')}>{subscription.profileName}</Row>
        <Row label={t('subscription.program')}>
          {subscription.programName} · {subscription.orgName}
        </Row>
        <Row label={t('subscriptions.status')}>
          <Badge variant="light" color={subscriptionStatusColor(subscription.status)}>
            {t(`subscriptions.statusValue.${subscription.status}`)}
          </Badge>
          {subscription.waitlistPosition !== null && (
            <Text span ml="sm">
              {t('subscription.waitlistPosition', { position: subscription.waitlistPosition })}
            </Text>
          )}
        </Row>
        <Row label={t('subscription.plan')}>
          {subscription.planName === null
            ? t('subscription.noPlan')
            : subscription.priceMinor !== null && subscription.currency
              ? `${subscription.planName} · ${formatPrice(subscription.priceMinor, subscription.currency, i18n.language)}`
              : subscription.planName}
        </Row>
        <Row label={t('subscriptions.startsOn')}>
          {formatLocalDate(subscription.startsOn, i18n.language)}
        </Row>
        <Row label={t('subscription.endsOn')}>
          {subscription.endsOn
            ? formatLocalDate(subscription.endsOn, i18n.language)
            : t('subscription.noEnd')}
        </Row>
        {subscription.sessions && (
          <Row label={t('subscription.sessions')}>
            {t('subscription.sessionsUsed', {
              used: subscription.sessions.used,
              included: subscription.sessions.included,
              left: subscription.sessions.left,
            })}
            {subscription.sessions.overdrawn > 0 &&
              ` · ${t('subscription.overdrawn', { count: subscription.sessions.overdrawn })}`}
          </Row>
        )}
      </Table.Tbody>
    </Table>
  );
}

function History({ data }: { data: SubscriptionDetail }) {
  const { t, i18n } = useTranslation();
  const zone = viewerTimeZone();
  return (
    <Stack gap="xs" component="section" aria-labelledby="subscription-history">
      <Title order={2} size="h3" id="subscription-history">
        {t('subscription.history')}
      </Title>
      <Stack component="ol" gap={4} pl="md" m={0}>
        {data.history.map((entry) => (
          <li key={entry.id}>
            <Text size="sm">
              {t(`subscription.historyAction.${entry.action}`)} ·{' '}
              {entry.actor?.displayName ?? t('subscription.someone')} ·{' '}
              {formatDateTime(entry.at, zone, i18n.language)}
              {entry.fromStatus !== null && entry.fromStatus !== entry.toStatus
                ? ` · ${t(`subscriptions.statusValue.${entry.fromStatus}`)} → ${t(`subscriptions.statusValue.${entry.toStatus}`)}`
                : ''}
            </Text>
          </li>
        ))}
      </Stack>
    </Stack>
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
