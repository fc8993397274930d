import type { ClientDevice } from '@rally/shared/clients';
import { Code, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime, viewerTimeZone } from '../../../lib/format';
import { adminClientsQueryOptions } from '../api';
import { summarizeDeviceInfo } from '../device-info';
import { PagedList, usePagedSearch } from './paged-list';

/**
 * The Devices tab: the registered native devices (SPEC.md §3 `clients`):
 * phone number, device id, running package (`bundleId`), last write and a
 * summary of `deviceInfo`; searchable and paged.
 */
export function DevicesPanel() {
  const { t, i18n } = useTranslation();
  const search = usePagedSearch();
  const clients = useQuery(adminClientsQueryOptions(search.params));
  const timeZone = viewerTimeZone();
  return (
    <PagedList<ClientDevice>
      search={search}
      query={clients}
      searchLabel={t('admin.searchDevices')}
      totalText={(count) => t('admin.deviceCount', { count })}
      empty={search.params.q === '' ? t('admin.noDevices') : t('admin.noMatches')}
    >
      {(items) => (
        <Table.ScrollContainer minWidth={720}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.phone')}</Table.Th>
                <Table.Th>{t('admin.deviceId')}</Table.Th>
                <Table.Th>{t('admin.bundleId')}</Table.Th>
                <Table.Th>{t('admin.lastUpdated')}</Table.Th>
                <Table.Th>{t('admin.deviceInfo')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((device) => (
                <Table.Tr key={device.id}>
                  <Table.Td>{device.phoneNumber}</Table.Td>
                  <Table.Td>
                    <Code>{device.deviceId}</Code>
                  </Table.Td>
                  <Table.Td>
                    <Code>{device.bundleId}</Code>
                  </Table.Td>
                  <Table.Td>{formatDateTime(device.lastUpdated, timeZone, i18n.language)}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{summarizeDeviceInfo(device.deviceInfo) || '—'}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </PagedList>
  );
}
