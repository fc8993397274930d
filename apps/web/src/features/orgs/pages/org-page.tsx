import type { OrgDetail } from '@rally/shared/programs';
import { Badge, Button, Card, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMapPin, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { orgQueryOptions } from '../api';

// The form (and Mantine's Modal) loads when "New program" is first opened.
const NewProgramModal = lazy(() =>
  import('../components/new-program-modal').then((module) => ({ default: module.NewProgramModal })),
);

/**
 * An organisation (route `org`): its name, its programs with their active
 * enrolments, and "New program" for those who may create one.
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
  const [opened, modal] = useDisclosure(false);
  const { org, programs, permissions } = detail;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <PageTitle title={org.name} />
        <Group gap="xs">
          {org.role && <Badge variant="light">{t(`org.role.${org.role}`)}</Badge>}
          <Text size="sm" c="dimmed">
            {org.timeZone}
          </Text>
        </Group>
      </Stack>
      <Stack gap="sm" component="section">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h3">
            {t('org.programs')}
          </Title>
          {permissions.canCreateProgram && (
            <Button
              size="compact-md"
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={modal.open}
            >
              {t('newProgram.open')}
            </Button>
          )}
        </Group>
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
                    {program.location !== '' && (
                      <Group gap={4} wrap="nowrap">
                        <IconMapPin size={14} aria-hidden />
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
      {permissions.canCreateProgram && opened && (
        <Suspense fallback={null}>
          <NewProgramModal
            orgId={org.id}
            defaultTimeZone={org.timeZone}
            opened
            onClose={modal.close}
          />
        </Suspense>
      )}
    </Stack>
  );
}
