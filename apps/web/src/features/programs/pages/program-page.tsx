import type { ProgramDetail } from '@rally/shared/programs';
import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { EventList } from '../../../components/event-list';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { mapsSearchUrl, nextDaysRange } from '../../../lib/format';
import {
  programEventsQueryOptions,
  programQueryOptions,
  programSubscriptionsQueryOptions,
} from '../api';
import { EnrolForm } from '../components/enrol-form';
import { SubscriptionList } from '../components/subscription-list';
import { programPath, useProgramId } from '../use-program-id';

const UPCOMING_DAYS = 30;

/**
 * A program (route `program`): its facts, roster size and next 30 days of
 * events; "New event" for staff who manage events; for staff who manage
 * enrolments, "Enrol a profile" and the list of enrolments.
 */
export function ProgramPage() {
  const programId = useProgramId();
  const program = useQuery(programQueryOptions(programId));
  return (
    <QueryState query={program} notFoundIsPage>
      {(detail) => <ProgramOverview detail={detail} />}
    </QueryState>
  );
}

function ProgramOverview({ detail }: { detail: ProgramDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { program, permissions } = detail;
  const [range] = useState(() => nextDaysRange(UPCOMING_DAYS));
  const events = useQuery(programEventsQueryOptions(program.id, range));
  const isStaff = permissions.canManageSubscriptions || permissions.canViewRoster;
  const subscriptions = useQuery({
    ...programSubscriptionsQueryOptions(program.id),
    enabled: isStaff,
  });

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <PageTitle title={program.name} />
        <Group gap="xs">
          <Badge variant="light">{t(`program.joinPolicy.${program.joinPolicy}`)}</Badge>
          {program.status === 'archived' && (
            <Badge variant="light" color="gray">
              {t('program.archived')}
            </Badge>
          )}
        </Group>
        <Fact label={t('program.org')}>
          <Anchor component={Link} to={`/orgs/${encodeURIComponent(program.orgId)}`}>
            {program.orgName}
          </Anchor>
        </Fact>
        {program.location !== '' && (
          <Fact label={t('fields.location')}>
            {program.location} ·{' '}
            <Anchor
              href={mapsSearchUrl(program.location)}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('event.openMap')}
            </Anchor>
          </Fact>
        )}
        <Fact label={t('fields.timeZone')}>{program.timeZone}</Fact>
        <Fact label={t('program.roster')}>
          {t('program.activeEnrolments', { count: program.activeSubscriptions })}
          {program.capacity !== null && ` · ${t('program.capacity', { count: program.capacity })}`}
        </Fact>
        {program.description !== '' && (
          <Text style={{ whiteSpace: 'pre-wrap' }}>{program.description}</Text>
        )}
        <Group gap="sm" mt="xs">
          {permissions.canManageEvents && (
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => void navigate(programPath(program.id, '/events/new'))}
            >
              {t('program.newEvent')}
            </Button>
          )}
          {!isStaff && program.joinPolicy !== 'invite' && (
            <Button
              variant="light"
              component={Link}
              to={programPath(program.id, '/subscriptions/new')}
            >
              {t('program.join')}
            </Button>
          )}
        </Group>
      </Stack>

      <Stack gap="sm" component="section">
        <Title order={2} size="h3">
          {t('program.nextEvents', { count: UPCOMING_DAYS })}
        </Title>
        <QueryState query={events}>
          {(list) => (
            <EventList
              events={list}
              hrefOf={(event) => programPath(program.id, `/events/${encodeURIComponent(event.id)}`)}
              empty={
                <Text c="dimmed">
                  {permissions.canManageEvents
                    ? t('program.noEventsCanCreate')
                    : t('program.noEvents')}
                </Text>
              }
            />
          )}
        </QueryState>
      </Stack>

      {permissions.canManageSubscriptions && (
        <Stack gap="sm" component="section">
          <Title order={2} size="h3">
            {t('program.enrolTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('program.enrolHint')}
          </Text>
          <EnrolForm programId={program.id} programName={program.name} />
        </Stack>
      )}

      {isStaff && (
        <Stack gap="sm" component="section">
          <Title order={2} size="h3">
            {t('program.enrolments')}
          </Title>
          <QueryState query={subscriptions}>
            {(list) => <SubscriptionList programId={program.id} subscriptions={list} />}
          </QueryState>
        </Stack>
      )}
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm">
      <Text span fw={600} size="sm">
        {label}:
      </Text>{' '}
      {children}
    </Text>
  );
}
