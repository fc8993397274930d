import type { SubscriptionStatus } from '@rally/shared/subscriptions';
import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EventList } from '../../../components/event-list';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { profileEventsQueryOptions, profileQueryOptions } from '../api';
import { profilePath, useProfileId } from '../use-profile-id';
import { Link } from 'react-router';

const RECENT_DAYS = 30;

const SUBSCRIPTION_STATUSES: readonly SubscriptionStatus[] = [
  'pending',
  'active',
  'paused',
  'cancelled',
  'rejected',
  'expired',
];

function isSubscriptionStatus(status: string): status is SubscriptionStatus {
  return (SUBSCRIPTION_STATUSES as readonly string[]).includes(status);
}

function lastDays(days: number): { from: string; to: string } {
  const now = Math.floor(Date.now() / 60_000) * 60_000;
  return { from: new Date(now - days * 86_400_000).toISOString(), to: new Date(now).toISOString() };
}

/**
 * A profile's activities (route `profile-activities`): the programs it is
 * enrolled in and its events of the last 30 days, newest first.
 */
export function ProfileActivitiesPage() {
  const { t } = useTranslation();
  const profileId = useProfileId();
  const profile = useQuery(profileQueryOptions(profileId));
  const [range] = useState(() => lastDays(RECENT_DAYS));
  const events = useQuery(profileEventsQueryOptions(profileId, range));
  return (
    <QueryState query={profile} notFoundIsPage>
      {({ profile: details, programs }) => (
        <Stack gap="lg">
          <PageTitle title={t('activities.title', { name: details.displayName })} />
          <Stack gap="sm" component="section">
            <Title order={2} size="h3">
              {t('activities.programs')}
            </Title>
            {programs.length === 0 ? (
              <Text c="dimmed">{t('activities.noPrograms')}</Text>
            ) : (
              <Stack component="ul" gap="xs" pl="md" m={0}>
                {programs.map((program) => (
                  <li key={program.subscriptionId}>
                    <Group gap="xs">
                      <Text>
                        {program.programName} · {program.orgName}
                      </Text>
                      <Badge variant="light">
                        {isSubscriptionStatus(program.status)
                          ? t(`subscriptions.statusValue.${program.status}`)
                          : program.status}
                      </Badge>
                    </Group>
                  </li>
                ))}
              </Stack>
            )}
          </Stack>
          <Stack gap="sm" component="section">
            <Title order={2} size="h3">
              {t('activities.recentEvents', { count: RECENT_DAYS })}
            </Title>
            <QueryState query={events}>
              {(list) => (
                <EventList
                  events={[...list].reverse()}
                  hrefOf={(event) =>
                    profilePath(profileId, `/events/${encodeURIComponent(event.id)}`)
                  }
                  detailOf={(event) => event.programName}
                  empty={
                    <Text c="dimmed">
                      {t('activities.noRecentEvents')}{' '}
                      <Anchor component={Link} to={profilePath(profileId, '/calendar')}>
                        {t('activities.openCalendar')}
                      </Anchor>
                    </Text>
                  }
                />
              )}
            </QueryState>
          </Stack>
        </Stack>
      )}
    </QueryState>
  );
}
