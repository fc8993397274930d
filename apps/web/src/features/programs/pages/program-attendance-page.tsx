import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EventList } from '../../../components/event-list';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { programEventsQueryOptions } from '../api';
import { programPath, useProgramId } from '../use-program-id';

const WINDOW_DAYS = 30;

/** The window from `days` days ago to `days` days ahead, as ISO instants rounded to the minute. */
function aroundNow(days: number): { from: string; to: string } {
  const now = Math.floor(Date.now() / 60_000) * 60_000;
  return {
    from: new Date(now - days * 86_400_000).toISOString(),
    to: new Date(now + days * 86_400_000).toISOString(),
  };
}

/**
 * A program's attendance (route `program-attendance`): its events of the last
 * and next 30 days, each opening that event's attendance page.
 */
export function ProgramAttendancePage() {
  const { t } = useTranslation();
  const programId = useProgramId();
  const [range] = useState(() => aroundNow(WINDOW_DAYS));
  const events = useQuery(programEventsQueryOptions(programId, range));
  return (
    <Stack gap="md">
      <PageTitle title={t('programAttendance.title')} />
      <Text size="sm" c="dimmed">
        {t('programAttendance.intro', { count: WINDOW_DAYS })}
      </Text>
      <QueryState query={events} notFoundIsPage>
        {(list) => (
          <EventList
            events={list}
            hrefOf={(event) =>
              programPath(programId, `/events/${encodeURIComponent(event.id)}/attendance`)
            }
            empty={<Text c="dimmed">{t('programAttendance.empty')}</Text>}
          />
        )}
      </QueryState>
    </Stack>
  );
}
