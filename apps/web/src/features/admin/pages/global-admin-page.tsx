import type { Org } from '@rally/shared/orgs';
import { Alert, Anchor, Stack, Table, Text, Title } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { apiRequest } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';

const orgsQuery = queryOptions({
  queryKey: ['orgs', 'list'] as const,
  queryFn: ({ signal }) => apiRequest<{ orgs: Org[] }>('/api/orgs', { signal }),
});

/**
 * The global admin area (route `global-admin`): only for global admins
 * (DESIGN.md §2); others are told they have no access. Lists organisations.
 */
export function GlobalAdminPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const isAdmin = user?.isGlobalAdmin === true;
  const orgs = useQuery({ ...orgsQuery, enabled: isAdmin });
  return (
    <Stack gap="md">
      <PageTitle title={t('admin.title')} />
      {!isAdmin ? (
        <Alert color="yellow" title={t('admin.noAccessTitle')}>
          {t('admin.noAccess')}
        </Alert>
      ) : (
        <Stack gap="sm" component="section">
          <Title order={2} size="h3">
            {t('admin.orgs')}
          </Title>
          <QueryState query={orgs}>
            {({ orgs: list }) =>
              list.length === 0 ? (
                <Text c="dimmed">{t('admin.noOrgs')}</Text>
              ) : (
                <Table.ScrollContainer minWidth={320}>
                  <Table striped>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('admin.orgName')}</Table.Th>
                        <Table.Th>{t('fields.timeZone')}</Table.Th>
                        <Table.Th>{t('admin.country')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {list.map((org) => (
                        <Table.Tr key={org.id}>
                          <Table.Td>
                            <Anchor component={Link} to={`/orgs/${encodeURIComponent(org.id)}`}>
                              {org.name}
                            </Anchor>
                          </Table.Td>
                          <Table.Td>{org.timeZone}</Table.Td>
                          <Table.Td>{org.country}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )
            }
          </QueryState>
        </Stack>
      )}
    </Stack>
  );
}
