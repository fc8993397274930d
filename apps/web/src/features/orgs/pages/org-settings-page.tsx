import { Stack, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { countryName } from '../../../lib/countries';
import { orgQueryOptions } from '../api';

/** An organisation's settings (route `org-settings`): its name, slug, time zone and country. */
export function OrgSettingsPage() {
  const { t, i18n } = useTranslation();
  const { orgId = '' } = useParams();
  const org = useQuery(orgQueryOptions(orgId));
  return (
    <Stack gap="md">
      <PageTitle title={t('orgSettings.title')} />
      <QueryState query={org} notFoundIsPage>
        {({ org: details }) => (
          <Table variant="vertical" layout="fixed" withTableBorder>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={140}>{t('orgSettings.name')}</Table.Th>
                <Table.Td>{details.name}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('orgSettings.slug')}</Table.Th>
                <Table.Td>{details.slug}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('fields.timeZone')}</Table.Th>
                <Table.Td>{details.timeZone}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('orgSettings.country')}</Table.Th>
                <Table.Td>
                  {countryName(details.country, i18n.language)} ({details.country})
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('orgSettings.yourRole')}</Table.Th>
                <Table.Td>
                  {details.role ? t(`org.role.${details.role}`) : t('orgSettings.noRole')}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        )}
      </QueryState>
    </Stack>
  );
}
