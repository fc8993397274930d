import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';
import { useProfileId } from '../../../lib/use-profile-id';
import { InboxView } from '../components/inbox-view';

/**
 * A profile's conversations (route `profile-conversations`,
 * docs/decisions/007): one thread with the staff of each program the
 * profile is in, newest first with unread badges (live), and "Start a
 * conversation" for programs without one yet.
 */
export function ProfileConversationsPage() {
  const { t } = useTranslation();
  const profileId = useProfileId();
  return (
    <Stack gap="md">
      <PageTitle title={t('profileConversations.title')} />
      <InboxView scope="profile" ownerId={profileId} emptyText={t('profileConversations.empty')} />
    </Stack>
  );
}
