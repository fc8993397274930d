import type { OrgDetail } from '@rally/shared/programs';
import {
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconCalendarEvent,
  IconMapPin,
  IconPlus,
  IconSettings,
  IconUserPlus,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazyPart } from '../../../lib/lazy-part';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { canonicalTimeZone, formatDateTime } from '../../../lib/format';
import { orgQueryOptions } from '../api';
import { OrgLogo } from '../components/org-logo';

// The form (and Mantine's Modal) loads when "New program" is first opened.
const NewProgramModal = lazyPart(() =>
  import('../components/new-program-modal').then((module) => module.NewProgramModal),
);

/**
 * An organisation (route `org`): logo and name, quick actions by role (only
 * those that will succeed: New program, Settings, Invite someone), how many
 * owners, admins and staff it has, and its programs with their active
 * enrolments and next event.
 */
export function OrgPage() {
  const { orgId = '' } = useParams();
  const org = useQuery(orgQueryOptions(orgId));
  return (
    <QueryState query={org} notFoundIsPage>
      {(detail) => <OrgOverview detail={detail} />}
    </QueryState>
  );
}

function OrgOverview({ detail }: { detail: OrgDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [opened, modal] = useDisclosure(false);
  const { org, permissions } = detail;
  const settingsPath = `/orgs/${encodeURIComponent(org.id)}/settings`;
  return (
    <Stack gap="lg">
      <Group gap="md" wrap="nowrap" align="center">
        <OrgLogo name={org.name} logoUrl={org.logoUrl} size={56} />
        <Stack gap={4} style={{ minWidth: 0 }}>
          <PageTitle title={org.name} />
          <Group gap="xs">
            {org.role && <Badge variant="light">{t(`org.role.${org.role}`)}</Badge>}
            <Text size="sm" c="dimmed">
              {canonicalTimeZone(org.timeZone)}
            </Text>
          </Group>
        </Stack>
      </Group>

      {(permissions.canCreateProgram || permissions.canEdit || permissions.canManageMembers) && (
        <Group gap="sm" aria-label={t('org.quickActions')} role="group">
          {permissions.canCreateProgram && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={modal.open}>
              {t('newProgram.open')}
            </Button>
          )}
          {/* Buttons, not links: the area navigation above already has a "Settings" link. */}
          {permissions.canManageMembers && (
            <Button
              variant="light"
              leftSection={<IconUserPlus size={16} aria-hidden />}
              onClick={() => void navigate(`${settingsPath}#invite`)}
            >
              {t('org.inviteSomeone')}
            </Button>
          )}
          {permissions.canEdit && (
            <Button
              variant="default"
              leftSection={<IconSettings size={16} aria-hidden />}
              onClick={() => void navigate(settingsPath)}
            >
              {t('org.settings')}
            </Button>
          )}
        </Group>
      )}

      <StaffSummary summary={detail.staffSummary} />
      <ProgramList detail={detail} />

      {permissions.canCreateProgram && opened && (
        <NewProgramModal
          orgId={org.id}
          defaultTimeZone={org.timeZone}
          opened
          onClose={modal.close}
        />
      )}
    </Stack>
  );
}

function StaffSummary({ summary }: { summary: OrgDetail['staffSummary'] }) {
  const { t } = useTranslation();
  const roles = ['owner', 'admin', 'staff'] as const;
  return (
    <Stack gap="sm" component="section" aria-labelledby="org-people">
      <Title order={2} size="h3" id="org-people">
        {t('org.people')}
      </Title>
      <SimpleGrid cols={3} spacing="xs">
        {roles.map((role) => (
          <Card key={role} withBorder padding="sm">
            <Text fw={700} fz="xl">
              {summary[role]}
            </Text>
            <Text size="sm" c="dimmed">
              {t(`org.roleCount.${role}`, { count: summary[role] })}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function ProgramList({ detail }: { detail: OrgDetail }) {
  const { t, i18n } = useTranslation();
  const { programs, permissions } = detail;
  return (
    <Stack gap="sm" component="section" aria-labelledby="org-programs">
      <Title order={2} size="h3" id="org-programs">
        {t('org.programs')}
      </Title>
      {programs.length === 0 ? (
        <Text c="dimmed">
          {permissions.canCreateProgram ? t('org.noProgramsCanCreate') : t('org.noPrograms')}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {programs.map((program) => (
            <li key={program.id}>
              <Card withBorder padding="sm">
                <UnstyledButton
                  component={Link}
                  to={`/programs/${encodeURIComponent(program.id)}`}
                  style={{ display: 'block' }}
                >
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text fw={600}>{program.name}</Text>
                    {program.status === 'archived' && (
                      <Badge color="gray" variant="light">
                        {t('program.archived')}
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" c="dimmed">
                    {t('program.activeEnrolments', { count: program.activeSubscriptions })}
                  </Text>
                  <Group gap={4} wrap="nowrap">
                    <IconCalendarEvent size={14} aria-hidden style={{ flexShrink: 0 }} />
                    <Text size="sm" truncate="end">
                      {program.nextEvent
                        ? t('org.nextEvent', {
                            title: program.nextEvent.title,
                            when: formatDateTime(
                              program.nextEvent.startsAt,
                              program.timeZone,
                              i18n.language,
                            ),
                          })
                        : t('org.noNextEvent')}
                    </Text>
                  </Group>
                  {program.location !== '' && (
                    <Group gap={4} wrap="nowrap">
                      <IconMapPin size={14} aria-hidden style={{ flexShrink: 0 }} />
                      <Text size="sm" c="dimmed" truncate="end">
                        {program.location}
                      </Text>
                    </Group>
                  )}
                </UnstyledButton>
              </Card>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
