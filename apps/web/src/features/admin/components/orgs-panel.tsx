import type { AdminOrg } from '@rally/shared/admin';
import { Anchor, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatLocalDate } from '../../../lib/format';
import { adminOrgsQueryOptions } from '../api';
import { PagedList, usePagedSearch } from './paged-list';

/** The Organisations tab: every org (search by name or slug), with member and program counts. */
export function OrgsPanel() {
  const { t, i18n } = useTranslation();
  const search = usePagedSearch();
  const orgs = useQuery(adminOrgsQueryOptions(search.params));
  return (
    <PagedList<AdminOrg>
      search={search}
      query={orgs}
      searchLabel={t('admin.searchOrgs')}
      totalText={(count) => t('admin.orgCount', { count })}
      empty={search.params.q === '' ? t('admin.noOrgs') : t('admin.noMatches')}
    >
      {(items) => (
        <Table.ScrollContainer minWidth={560}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.orgName')}</Table.Th>
                <Table.Th>{t('admin.members')}</Table.Th>
                <Table.Th>{t('admin.programs')}</Table.Th>
                <Table.Th>{t('admin.country')}</Table.Th>
                <Table.Th>{t('admin.created')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((org) => (
                <Table.Tr key={org.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/orgs/${encodeURIComponent(org.id)}`}>
                      {org.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{org.memberCount}</Table.Td>
                  <Table.Td>{org.programCount}</Table.Td>
                  <Table.Td>{org.country}</Table.Td>
                  <Table.Td>{formatLocalDate(org.createdAt.slice(0, 10), i18n.language)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </PagedList>
  );
}
