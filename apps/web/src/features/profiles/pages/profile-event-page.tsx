import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EventSummary } from '../../../components/event-summary';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { profileEventQueryOptions } from '../api';
import { useProfileId } from '../use-profile-id';

/**
 * An event on a profile's calendar (route `profile-event`): title, program,
 * kind, status, times in the event's zone, location with a map link, description.
 */
export function ProfileEventPage() {
  const { t } = useTranslation();
  const profileId = useProfileId();
  const { eventId = '' } = useParams();
  const event = useQuery(profileEventQueryOptions(profileId, eventId));
  return (
    <QueryState query={event} notFoundIsPage>
      {(details) => (
        <Stack gap="xs">
          <PageTitle title={details.title} />
          <Text size="sm" c="dimmed">
            {t('profileEvent.forProfile', {
              name: details.profileName,
              program: details.programName,
            })}
          </Text>
          <EventSummary event={details} />
        </Stack>
      )}
    </QueryState>
  );
}
