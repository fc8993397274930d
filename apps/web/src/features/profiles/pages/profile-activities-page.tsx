import type { Activity } from '@rally/shared/activities';
import { Anchor, Stack, Text } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { LoadMoreButton } from '../../../components/load-more-button';
import { PageTitle } from '../../../components/page-title';
import { LoadingLines, QueryState } from '../../../components/query-state';
import { formatDateTime } from '../../../lib/format';
import { useRealtime } from '../../../lib/realtime';
import { useProfileId, viewerTimeZone } from '../../../lib/use-profile-id';
import { profileActivitiesQueryOptions, profileQueryOptions } from '../api';
import { ProfileSubscriptions } from '../components/profile-subscriptions';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** "Mon, Jan 7": the day of an event entry's `startsAt`, in the event's zone (`data.timeZone`). */
function eventDay(activity: Activity, locale: string): string {
  const startsAt = Date.parse(text(activity.data.startsAt));
  if (!Number.isFinite(startsAt)) return '';
  const options: Intl.DateTimeFormatOptions = { weekday: 'short', month: 'short', day: 'numeric' };
  try {
    return new Intl.DateTimeFormat(locale, {
      ...options,
      timeZone: text(activity.data.timeZone) || undefined,
    }).format(startsAt);
  } catch {
    // An unknown zone name: the viewer's zone is close enough for a date.
    return new Intl.DateTimeFormat(locale, options).format(startsAt);
  }
}

const RSVP_ANSWERS = ['going', 'maybe', 'declined'] as const;

/** Timeline kinds written by a match's incidents (docs/decisions/030), each shown with the match minute. */
const INCIDENT_KINDS = new Set<Activity['kind']>([
  'scored',
  'assisted',
  'yellow_card',
  'red_card',
  'subbed_on',
  'subbed_off',
  'injured',
]);

const count = (value: unknown): number => (typeof value === 'number' ? value : 0);

/**
 * What a match entry says (DESIGN.md §9, docs/decisions/030): "Scored
 * against Hawks (23')", "Played 34 min against Hawks and scored 2 goals";
 * "in League match" when the match has no opponent.
 */
function describeMatchActivity(t: TFunction, activity: Activity): string {
  const opponent = text(activity.data.opponent);
  const match = opponent
    ? t('profileActivities.match.against', { opponent })
    : t('profileActivities.match.in', { event: text(activity.data.eventTitle) });
  if (activity.kind !== 'played') {
    return t(`profileActivities.kind.${activity.kind}`, {
      match,
      minute: text(activity.data.minute),
    });
  }
  const minutes = count(activity.data.minutes);
  const goals = count(activity.data.goals);
  return goals > 0
    ? t('profileActivities.match.playedScored', { minutes, match, count: goals })
    : t('profileActivities.kind.played', { minutes, match });
}

/**
 * What one timeline entry says, e.g. "Approved in Tennis juniors by Coach
 * Meera"; event entries (docs/decisions/006) name the event and its day in the event's
 * zone: "Attended Training on Mon, Jan 7 (late)", "Answered Going to …",
 * "Training on … was cancelled: Rain"; match entries the opponent and
 * minute: "Scored against Hawks (23')" (see describeMatchActivity).
 */
export function describeActivity(t: TFunction, activity: Activity, locale = 'en-US'): string {
  const event = text(activity.data.eventTitle);
  const date = eventDay(activity, locale);
  switch (activity.kind) {
    case 'attended':
      return activity.data.status === 'late'
        ? t('profileActivities.event.attendedLate', { event, date })
        : t('profileActivities.kind.attended', { event, date });
    case 'rsvp': {
      const answer = RSVP_ANSWERS.find((value) => value === activity.data.answer);
      return t('profileActivities.kind.rsvp', {
        event,
        date,
        answer: answer ? t(`profileActivities.answer.${answer}`) : '',
      });
    }
    case 'played':
      return describeMatchActivity(t, activity);
    case 'event_cancelled': {
      const reason = text(activity.data.reason);
      return reason
        ? t('profileActivities.event.cancelledWithReason', { event, date, reason })
        : t('profileActivities.kind.event_cancelled', { event, date });
    }
    default:
      if (INCIDENT_KINDS.has(activity.kind)) return describeMatchActivity(t, activity);
      return t(`profileActivities.kind.${activity.kind}`, {
        program: text(activity.data.programName),
        manager: text(activity.data.managerName),
        position: activity.data.waitlistPosition ?? '',
      });
  }
}

/**
 * A profile's timeline (route `profile-activities`, `GET .../activities`):
 * what happened to it, newest first, each entry with its time and a link to
 * its subject, "Load more" while there are older entries; `seasonStats`
 * (the profile's match season, composed by app/pages: DESIGN.md §9); and
 * its enrolments.
 */
export function ProfileActivitiesPage({ seasonStats }: { seasonStats?: ReactNode } = {}) {
  const { t, i18n } = useTranslation();
  const profileId = useProfileId();
  const profile = useQuery(profileQueryOptions(profileId));
  const activities = useInfiniteQuery(profileActivitiesQueryOptions(profileId));
  const zone = viewerTimeZone();
  // Marks, RSVPs and enrolment steps appear on the timeline by themselves.
  useRealtime(`profile:${profileId}`);
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
                          {describeActivity(t, activity, i18n.language)}
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
              <LoadMoreButton query={activities} label={t('profileActivities.loadMore')} />
            </Stack>
          )}
          {seasonStats}
          <ProfileSubscriptions profileId={profileId} />
        </Stack>
      )}
    </QueryState>
  );
}
