import type { Event } from '@rally/shared/events';
import { Stack } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { EventCalendar } from '../../../components/event-calendar';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { programEventsQueryOptions, programQueryOptions } from '../api';
import { programPath, useProgramId } from '../use-program-id';

/**
 * A program's calendar (route `program-calendar`): month, week and list views
 * in the program's time zone; the visible range is loaded from
 * `GET /api/programs/:programId/events?from&to`; an event opens its page.
 */
export function ProgramCalendarPage() {
  const { t } = useTranslation();
  const programId = useProgramId();
  const queryClient = useQueryClient();
  const program = useQuery(programQueryOptions(programId));

  const loadEvents = useCallback(
    async (range: { from: string; to: string }) => {
      const answer = await queryClient.fetchQuery(programEventsQueryOptions(programId, range));
      return answer.events;
    },
    [queryClient, programId],
  );
  const hrefOf = useCallback(
    (event: Event) => programPath(programId, `/events/${encodeURIComponent(event.id)}`),
    [programId],
  );

  return (
    <QueryState query={program} notFoundIsPage>
      {({ program: details }) => (
        <Stack gap="md">
          <PageTitle title={t('calendar.programTitle', { program: details.name })} />
          <EventCalendar timeZone={details.timeZone} loadEvents={loadEvents} hrefOf={hrefOf} />
        </Stack>
      )}
    </QueryState>
  );
}
