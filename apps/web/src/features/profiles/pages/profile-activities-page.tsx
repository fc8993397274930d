import type { Activity } from '@rally/shared/activities';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { PageTitle } from '../../../components/page-title';
import { LoadingLines, QueryState } from '../../../components/query-state';
import { formatDateTime } from '../../../lib/format';
import { profileActivitiesQueryOptions, profileQueryOptions } from '../api';
import { ProfileSubscriptions } from '../components/profile-subscriptions';
import { useProfileId, viewerTimeZone } from '../use-profile-id';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** What one timeline entry says, e.g. "Approved in Tennis juniors by Coach Meera". */
export function describeActivity(t: TFunction, activity: Activity): string {
  return t(`profileActivities.kind.${activity.kind}`, {
    program: text(activity.data.programName),
    manager: text(activity.data.managerName),
    position: activity.data.waitlistPosition ?? '',
  });
}

/**
 * A profile's timeline (route `profile-activities`, `GET .../activities`):
 * what happened to it, newest first, each entry with its time and a link to
 * its subject, "Load more" while there are older entries; and its enrolments.
 */
export function ProfileActivitiesPage() {
  const { t, i18n } = useTranslation();
  const profileId = useProfileId();
  const profile = useQuery(profileQueryOptions(profileId));
  const activities = useInfiniteQuery(profileActivitiesQueryOptions(profileId));
  const zone = viewerTimeZone();
  return (
    <QueryState query={profile} notFoundIsPage>
      {({ profile: details }) => (
        <Stack gap="lg">
          <PageTitle title={t('activities.title', { name: details.displayName })} />
          {activities.isPending ? (
            <LoadingLines />
          ) : activities.isError ? (
            <ErrorAlert error={activities.error} onRetry={() => void activities.refetch()} />
          ) : (
            <Stack gap="sm">
              {activities.data.pages[0]?.activities.length === 0 ? (
                <Text c="dimmed">{t('profileActivities.empty')}</Text>
              ) : (
                <Stack
                  component="ol"
                  gap="xs"
                  pl="md"
                  m={0}
                  aria-label={t('profileActivities.timeline')}
                >
                  {activities.data.pages.flatMap((page) =>
                    page.activities.map((activity) => (
                      <li key={activity.id}>
                        <Anchor component={Link} to={activity.target.path}>
                          {describeActivity(t, activity)}
                        </Anchor>
                        <Text size="sm" c="dimmed">
                          {formatDateTime(activity.at, zone, i18n.language)}
                          {activity.actor?.displayName
                            ? ` · ${t('profileActivities.by', { name: activity.actor.displayName })}`
                            : ''}
                        </Text>
                      </li>
                    )),
                  )}
                </Stack>
              )}
              {activities.hasNextPage && (
                <div>
                  <Button
                    variant="default"
                    loading={activities.isFetchingNextPage}
                    onClick={() => void activities.fetchNextPage()}
                  >
                    {t('profileActivities.loadMore')}
                  </Button>
                </div>
              )}
            </Stack>
          )}
          <ProfileSubscriptions profileId={profileId} />
        </Stack>
      )}
    </QueryState>
  );
}
