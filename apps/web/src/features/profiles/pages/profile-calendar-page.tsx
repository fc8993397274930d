import type { ProfileEvent } from '@rally/shared/events';
import { Skeleton, Stack } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyCalendarFeedSection } from '../../../components/lazy-calendar-feed-section';
import { useAfterLoadWhenIdle } from '../../../lib/idle';
import { EventCalendar } from '../../../components/event-calendar';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { profilePath, useProfileId, viewerTimeZone } from '../../../lib/use-profile-id';
import { profileCalendarFeedQueryOptions, useRotateProfileCalendarFeed } from '../../feeds/api';
import { profileEventsQueryOptions, profileQueryOptions } from '../api';

/**
 * A profile's calendar (route `profile-calendar`): the events of every program
 * the profile is in, in the viewer's time zone, loaded for the visible range
 * from `GET /api/profiles/:profileId/events?from&to`; for the profile's
 * managers, its private calendar feed to subscribe to in a calendar app.
 */
export function ProfileCalendarPage() {
  const { t } = useTranslation();
  const profileId = useProfileId();
  const queryClient = useQueryClient();
  // The feed section (below the calendar) and its request wait until the
  // page has loaded: the calendar comes first (docs/decisions/018).
  const showsFeed = useAfterLoadWhenIdle();
  const profile = useQuery(profileQueryOptions(profileId));
  const [timeZone] = useState(viewerTimeZone);

  const loadEvents = useCallback(
    async (range: { from: string; to: string }) => {
      const answer = await queryClient.fetchQuery(profileEventsQueryOptions(profileId, range));
      return answer.events;
    },
    [queryClient, profileId],
  );
  const hrefOf = useCallback(
    (event: ProfileEvent) => profilePath(profileId, `/events/${encodeURIComponent(event.id)}`),
    [profileId],
  );

  // The events load beside the profile, not after it: the calendar needs
  // only the id, and its list is what the page is for (docs/decisions/018).
  // A profile that fails to load (404: not one of yours) hides the calendar.
  return (
    <Stack gap="md">
      <QueryState query={profile} notFoundIsPage loading={<Skeleton height={35} width="60%" />}>
        {({ profile: details }) => (
          <PageTitle title={t('calendar.profileTitle', { name: details.displayName })} />
        )}
      </QueryState>
      {!profile.isLoadingError && (
        <EventCalendar
          timeZone={timeZone}
          loadEvents={loadEvents}
          hrefOf={hrefOf}
          liveTopics={[`profile:${profileId}`]}
        />
      )}
      {showsFeed && profile.data?.permissions.canEdit && (
        <ProfileFeed profileId={profileId} name={profile.data.profile.displayName} />
      )}
    </Stack>
  );
}

/** The profile's private calendar feed (its managers only). */
function ProfileFeed({ profileId, name }: { profileId: string; name: string }) {
  const { t } = useTranslation();
  const feed = useQuery(profileCalendarFeedQueryOptions(profileId));
  const rotate = useRotateProfileCalendarFeed(profileId);
  return (
    <LazyCalendarFeedSection
      query={feed}
      rotate={rotate}
      intro={t('calendarFeed.profileIntro', { name })}
    />
  );
}
