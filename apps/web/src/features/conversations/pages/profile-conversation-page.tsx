import { Anchor, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useProfileId } from '../../../lib/use-profile-id';
import { inboxRoutePath, type ThreadRef } from '../api';
import { ThreadView } from '../components/thread-view';

/**
 * One thread of a profile (route `profile-conversation`; `otherParty` is the
 * programId, DESIGN.md §2): the profile's family with that program's staff, live.
 */
export function ProfileConversationPage() {
  const { t } = useTranslation();
  const profileId = useProfileId();
  const { otherParty = '' } = useParams();
  const threadRef = useMemo<ThreadRef>(
    () => ({ scope: 'profile', ownerId: profileId, otherParty }),
    [profileId, otherParty],
  );
  return (
    <Stack gap="sm">
      <Anchor component={Link} to={inboxRoutePath('profile', profileId)} size="sm">
        <IconArrowLeft size={14} aria-hidden /> {t('conversations.backToInbox')}
      </Anchor>
      <ThreadView threadRef={threadRef} />
    </Stack>
  );
}
