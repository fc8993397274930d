import { Stack, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { formatLocalDate } from '../../../lib/format';
import { profileQueryOptions } from '../api';
import { useProfileId } from '../use-profile-id';

/** A profile's settings (route `profile-settings`): its name, date of birth and how the user manages it. */
export function ProfileSettingsPage() {
  const { t, i18n } = useTranslation();
  const profileId = useProfileId();
  const profile = useQuery(profileQueryOptions(profileId));
  return (
    <Stack gap="md">
      <PageTitle title={t('profileSettings.title')} />
      <QueryState query={profile} notFoundIsPage>
        {({ profile: details }) => (
          <Table variant="vertical" layout="fixed" withTableBorder>
            <Table.Tbody>
              <Row label={t('profileSettings.name')}>{details.displayName}</Row>
              <Row label={t('profileSettings.dateOfBirth')}>
                {details.dateOfBirth
                  ? formatLocalDate(details.dateOfBirth, i18n.language)
                  : t('profileSettings.notGiven')}
              </Row>
              <Row label={t('profileSettings.relationship')}>
                {t(`profileSettings.relationshipValue.${details.relationship}`)}
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
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  );
}
