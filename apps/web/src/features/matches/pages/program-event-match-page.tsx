import { Alert, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EventSummary } from '../../../components/event-summary';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { useProgramId } from '../../../lib/use-program-id';
import { programEventQueryOptions } from '../../events/api';

/**
 * The match page of an event (route `program-event-match`): for a `match`
 * event its details; for other kinds, that it is not a match. Scores and
 * lineups have no API yet, which the page states.
 */
export function ProgramEventMatchPage() {
  const { t } = useTranslation();
  const programId = useProgramId();
  const { eventId = '' } = useParams();
  const detail = useQuery(programEventQueryOptions(programId, eventId));
  return (
    <QueryState query={detail} notFoundIsPage>
      {({ event, isRsvpOpen }) => (
        <Stack gap="md">
          <PageTitle title={t('eventMatch.title', { title: event.title })} />
          {event.kind === 'match' ? (
            <>
              <EventSummary event={event} isRsvpOpen={isRsvpOpen} />
              <Alert color="blue">{t('eventMatch.unavailable')}</Alert>
            </>
          ) : (
            <Text>{t('eventMatch.notAMatch', { kind: t(`event.kind.${event.kind}`) })}</Text>
          )}
        </Stack>
      )}
    </QueryState>
  );
}
