import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EventSummary } from '../../../components/event-summary';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { programEventQueryOptions } from '../api';
import { RosterTable } from '../components/roster-table';
import { programPath, useProgramId } from '../use-program-id';

/**
 * An event of a program (route `program-event`): title, kind, status, times
 * in the event's zone, location with a map link, description, and for staff
 * the roster.
 */
export function ProgramEventPage() {
  const { t } = useTranslation();
  const programId = useProgramId();
  const { eventId = '' } = useParams();
  const detail = useQuery(programEventQueryOptions(programId, eventId));
  return (
    <QueryState query={detail} notFoundIsPage>
      {({ event, roster }) => (
        <Stack gap="lg">
          <Stack gap="xs">
            <PageTitle title={event.title} />
            <Text size="sm">
              <Anchor component={Link} to={programPath(event.programId)}>
                {event.programName}
              </Anchor>
            </Text>
            <EventSummary event={event} />
          </Stack>
          {roster !== null && (
            <Stack gap="sm" component="section">
              <Title order={2} size="h3">
                {t('roster.title', { count: roster.length })}
              </Title>
              <RosterTable roster={roster} />
            </Stack>
          )}
        </Stack>
      )}
    </QueryState>
  );
}
