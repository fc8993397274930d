import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { useProfileId } from '../../../lib/use-profile-id';
import { profileQueryOptions } from '../api';
import { DeleteProfileSection } from '../components/delete-profile-section';
import { ProfileDetailsForm } from '../components/profile-details-form';
import { ProfileManagersSection } from '../components/profile-managers-section';
import { ProfilePhotoSection } from '../components/profile-photo-section';
import { ProfileSubscriptions } from '../components/profile-subscriptions';

/**
 * A profile's settings (route `profile-settings`): name and date of birth,
 * photo, managers and invites, its enrolments, and deleting it — each shown
 * only as the caller's `permissions` allow.
 */
export function ProfileSettingsPage() {
  const { t } = useTranslation();
  const profileId = useProfileId();
  const profile = useQuery(profileQueryOptions(profileId));
  return (
    <Stack gap="md">
      <PageTitle title={t('profileSettings.title')} />
      <QueryState query={profile} notFoundIsPage>
        {({ profile: details, permissions }) => (
          <Stack gap="xl">
            <Text size="sm" c="dimmed">
              {t(`profileSettings.relationshipValue.${details.relationship}`)}
            </Text>
            <ProfileDetailsForm key={details.id} profile={details} canEdit={permissions.canEdit} />
            {permissions.canEdit && <ProfilePhotoSection profile={details} />}
            <ProfileManagersSection
              profileId={details.id}
              profileName={details.displayName}
              canEdit={permissions.canEdit}
              canGiveOwnLogin={permissions.canGiveOwnLogin}
            />
            <ProfileSubscriptions profileId={details.id} />
            {permissions.canDelete && (
              <DeleteProfileSection profileId={details.id} profileName={details.displayName} />
            )}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
