import { Alert, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EventSummary } from '../../../components/event-summary';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { programEventQueryOptions } from '../api';
import { useProgramId } from '../use-program-id';

/**
 * Editing an event (route `program-event-edit`): the event's current details.
 * The API has no way to change an event yet, so the page says so instead of
 * offering a form that cannot be saved.
 */
export function ProgramEventEditPage() {
  const { t } = useTranslation();
  const programId = useProgramId();
  const { eventId = '' } = useParams();
  const detail = useQuery(programEventQueryOptions(programId, eventId));
  return (
    <QueryState query={detail} notFoundIsPage>
      {({ event, canEdit }) => (
        <Stack gap="md">
          <PageTitle title={t('eventEdit.title', { title: event.title })} />
          <Alert color={canEdit ? 'blue' : 'yellow'}>
            {canEdit ? t('eventEdit.unavailable') : t('eventEdit.notAllowed')}
          </Alert>
          <EventSummary event={event} />
        </Stack>
      )}
    </QueryState>
  );
}
