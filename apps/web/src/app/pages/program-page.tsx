import type { ProgramDetail } from '@rally/shared/programs';
import { Alert, Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArchive, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { EventList } from '../../components/event-list';
import { PageTitle } from '../../components/page-title';
import { QueryState } from '../../components/query-state';
import { programEventsQueryOptions } from '../../features/events/api';
import { programQueryOptions, programStaffQueryOptions } from '../../features/programs/api';
import { ShareJoinLink } from '../../features/programs/components/share-join-link';
import { DuesOverviewSection } from '../../features/subscriptions/components/dues-overview-section';
import { EnrolForm } from '../../features/subscriptions/components/enrol-form';
import { EnrolNewPersonForm } from '../../features/subscriptions/components/enrol-new-person-form';
import { JoinRequestsSection } from '../../features/subscriptions/components/join-requests-section';
import { StaffSubscriptions } from '../../features/subscriptions/components/staff-subscriptions';
import { WaitlistSection } from '../../features/subscriptions/components/waitlist-section';
import { canonicalTimeZone, mapsSearchUrl, nextDaysRange } from '../../lib/format';
import { useRealtime } from '../../lib/realtime';
import { programPath, useProgramId } from '../../lib/use-program-id';

const UPCOMING_DAYS = 30;

/**
 * A program (route `program`): its facts, roster size (active enrolments),
 * staff and next 30 days of events; "New event" for staff who manage events;
 * for staff who manage enrolments, "Enrol a profile"; for staff, the
 * enrolments filtered by status and plan (`?status=&planId=`) and the
 * waitlist (reorder and promote for those who manage enrolments). An archived program says so and offers no changes (read-only).
 */
export function ProgramPage() {
  const programId = useProgramId();
  const program = useQuery(programQueryOptions(programId));
  // Upcoming events, enrolments and the roster change by themselves.
  useRealtime(`program:${programId}`);
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
  const isArchived = program.status === 'archived';
  const canManageEvents = permissions.canManageEvents && !isArchived;
  const canEnrol = permissions.canManageSubscriptions && !isArchived;
  const [range] = useState(() => nextDaysRange(UPCOMING_DAYS));
  const events = useQuery(programEventsQueryOptions(program.id, range));
  const isStaff = permissions.canManageSubscriptions || permissions.canViewRoster;

  return (
    <Stack gap="lg">
      {isArchived && (
        <Alert
          color="gray"
          variant="light"
          title={t('program.archivedTitle')}
          icon={<IconArchive aria-hidden />}
        >
          {t('program.archivedBody')}
        </Alert>
      )}
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
        {isStaff && <JoinRequestsSection programId={program.id} canManage={canEnrol} />}
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
        {program.category !== '' && <Fact label={t('fields.category')}>{program.category}</Fact>}
        <Fact label={t('fields.timeZone')}>{canonicalTimeZone(program.timeZone)}</Fact>
        <Fact label={t('program.roster')}>
          {t('program.activeEnrolments', { count: program.activeSubscriptions })}
          {program.capacity !== null && ` · ${t('program.capacity', { count: program.capacity })}`}
        </Fact>
        {program.description !== '' && (
          <Text style={{ whiteSpace: 'pre-wrap' }}>{program.description}</Text>
        )}
        <Group gap="sm" mt="xs">
          {canManageEvents && (
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => void navigate(programPath(program.id, '/events/new'))}
            >
              {t('program.newEvent')}
            </Button>
          )}
          {!isStaff && !isArchived && program.joinPolicy !== 'invite' && (
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
                  {canManageEvents ? t('program.noEventsCanCreate') : t('program.noEvents')}
                </Text>
              }
            />
          )}
        </QueryState>
      </Stack>

      <ProgramStaff programId={program.id} />

      {canEnrol && (
        <Stack gap="sm" component="section" aria-labelledby="join-link-title">
          <Title order={2} size="h3" id="join-link-title">
            {t('joinLink.title')}
          </Title>
          <ShareJoinLink
            programId={program.id}
            programName={program.name}
            joinPolicy={program.joinPolicy}
          />
        </Stack>
      )}

      {canEnrol && (
        <Stack gap="sm" component="section">
          <Title order={2} size="h3">
            {t('program.enrolTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('program.enrolHint')}
          </Text>
          <EnrolForm programId={program.id} programName={program.name} />
          <Title order={3} size="h4">
            {t('enrolNew.title')}
          </Title>
          <EnrolNewPersonForm programId={program.id} programName={program.name} />
        </Stack>
      )}

      {isStaff && (
        <Stack gap="sm" component="section">
          <Title order={2} size="h3">
            {t('program.enrolments')}
          </Title>
          <StaffSubscriptions programId={program.id} />
        </Stack>
      )}

      {isStaff && <WaitlistSection programId={program.id} canManage={canEnrol} />}

      {isStaff && <DuesOverviewSection programId={program.id} />}
    </Stack>
  );
}

function ProgramStaff({ programId }: { programId: string }) {
  const { t } = useTranslation();
  const staff = useQuery(programStaffQueryOptions(programId));
  return (
    <Stack gap="sm" component="section" aria-labelledby="program-staff">
      <Title order={2} size="h3" id="program-staff">
        {t('program.staff')}
      </Title>
      <QueryState query={staff}>
        {(list) =>
          list.length === 0 ? (
            <Text c="dimmed">{t('program.noStaff')}</Text>
          ) : (
            <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
              {list.map((member) => (
                <Group component="li" key={member.userId} gap="xs">
                  <Text>{member.displayName ?? t('programStaff.unnamed')}</Text>
                  <Badge variant="light" color={member.role === 'manager' ? 'blue' : 'teal'}>
                    {t(`programStaff.role.${member.role}`)}
                  </Badge>
                </Group>
              ))}
            </Stack>
          )
        }
      </QueryState>
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
