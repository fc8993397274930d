import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useUnreadBadge } from '../../features/conversations/unread-badge';
import { profileQueryOptions } from '../../features/profiles/api';
import { useAuth } from '../../lib/auth';
import { AreaNav } from './area-nav';
import { AreaShell } from './area-shell';

/**
 * Layout of the profile area (SPEC.md §2: profile calendar, event, activities,
 * conversations, settings): the profile's name and its pages.
 */
export function ProfileLayout() {
  const { t } = useTranslation();
  const { profileId = '' } = useParams();
  const { user } = useAuth();
  const detail = useQuery({ ...profileQueryOptions(profileId), enabled: user !== null });
  const base = `/p/${encodeURIComponent(profileId)}`;
  // The profile's threads with unread staff messages badge "Conversations" (docs/decisions/007).
  const unread = useUnreadBadge('profile', profileId, detail.isSuccess);
  return (
    <AreaShell
      areaContext={t('profile.area')}
      areaTitle={detail.data?.profile.displayName}
      titlePending={detail.isPending}
      navigation={
        <AreaNav
          label={t('profile.area')}
          items={[
            { label: t('profile.nav.calendar'), to: `${base}/calendar` },
            { label: t('profile.nav.activities'), to: `${base}/activities` },
            {
              label: t('profile.nav.conversations'),
              to: `${base}/conversations`,
              badge: unread,
              badgeLabel: t('conversations.navUnread', { count: unread }),
            },
            { label: t('profile.nav.settings'), to: `${base}/settings` },
          ]}
        />
      }
    />
  );
}
