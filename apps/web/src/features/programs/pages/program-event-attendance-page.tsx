import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { formatEventSpan } from '../../../lib/format';
import { programEventQueryOptions } from '../api';
import { RosterTable } from '../components/roster-table';
import { useProgramId } from '../use-program-id';

/** An event's attendance (route `program-event-attendance`): the roster with RSVPs and marks. */
export function ProgramEventAttendancePage() {
  const { t, i18n } = useTranslation();
  const programId = useProgramId();
  const { eventId = '' } = useParams();
  const detail = useQuery(programEventQueryOptions(programId, eventId));
  return (
    <QueryState query={detail} notFoundIsPage>
      {({ event, roster }) => (
        <Stack gap="md">
          <PageTitle title={t('eventAttendance.title', { title: event.title })} />
          <Text size="sm" c="dimmed">
            {formatEventSpan(event.startsAt, event.endsAt, event.timeZone, i18n.language)}
          </Text>
          <RosterTable roster={roster} />
        </Stack>
      )}
    </QueryState>
  );
}
