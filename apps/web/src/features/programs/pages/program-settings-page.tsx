import { Stack, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { formatDateTime } from '../../../lib/format';
import { programQueryOptions } from '../api';
import { useProgramId } from '../use-program-id';

/** A program's settings (route `program-settings`): its name, description, zone, location, capacity, joining. */
export function ProgramSettingsPage() {
  const { t, i18n } = useTranslation();
  const programId = useProgramId();
  const program = useQuery(programQueryOptions(programId));
  return (
    <Stack gap="md">
      <PageTitle title={t('programSettings.title')} />
      <QueryState query={program} notFoundIsPage>
        {({ program: details }) => (
          <Table variant="vertical" layout="fixed" withTableBorder>
            <Table.Tbody>
              <Row label={t('programSettings.name')}>{details.name}</Row>
              <Row label={t('fields.description')}>
                {details.description === '' ? t('programSettings.none') : details.description}
              </Row>
              <Row label={t('fields.timeZone')}>{details.timeZone}</Row>
              <Row label={t('fields.location')}>
                {details.location === '' ? t('programSettings.none') : details.location}
              </Row>
              <Row label={t('programSettings.capacity')}>
                {details.capacity === null ? t('programSettings.noLimit') : details.capacity}
              </Row>
              <Row label={t('programSettings.joining')}>
                {t(`program.joinPolicy.${details.joinPolicy}`)}
              </Row>
              <Row label={t('programSettings.status')}>
                {t(`programSettings.statusValue.${details.status}`)}
              </Row>
              <Row label={t('programSettings.created')}>
                {formatDateTime(details.createdAt, details.timeZone, i18n.language)}
              </Row>
            </Table.Tbody>
          </Table>
        )}
      </QueryState>
    </Stack>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={140}>{label}</Table.Th>
      <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{children}</Table.Td>
    </Table.Tr>
  );
}
