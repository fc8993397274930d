import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryState } from '../../../components/query-state';
import { profileSubscriptionsQueryOptions } from '../api';

/** Props of {@link ProfileSubscriptions}. */
export interface ProfileSubscriptionsProps {
  profileId: string;
}

/**
 * "Programs": the profile's enrolments across programs and orgs
 * (`GET /api/profiles/:profileId/subscriptions`), each with its status (and
 * waitlist position) and a link to the enrolment page.
 */
export function ProfileSubscriptions({ profileId }: ProfileSubscriptionsProps) {
  const { t } = useTranslation();
  const subscriptions = useQuery(profileSubscriptionsQueryOptions(profileId));
  return (
    <Stack gap="sm" component="section" aria-labelledby="profile-programs">
      <Title order={2} size="h3" id="profile-programs">
        {t('activities.programs')}
      </Title>
      <QueryState query={subscriptions}>
        {(list) =>
          list.length === 0 ? (
            <Text c="dimmed">{t('activities.noPrograms')}</Text>
          ) : (
            <Stack component="ul" gap="xs" pl="md" m={0}>
              {list.map((subscription) => (
                <li key={subscription.id}>
                  <Group gap="xs">
                    <Anchor
                      component={Link}
                      to={`/programs/${encodeURIComponent(subscription.programId)}/subscriptions/${encodeURIComponent(subscription.id)}`}
                    >
                      {subscription.programName} · {subscription.orgName}
                    </Anchor>
                    <Badge variant="light">
                      {subscription.waitlistPosition
                        ? t('join.waitlisted', { position: subscription.waitlistPosition })
                        : t(`subscriptions.statusValue.${subscription.status}`)}
                    </Badge>
                  </Group>
                </li>
              ))}
            </Stack>
          )
        }
      </QueryState>
    </Stack>
  );
}
