import type { Event } from '@rally/shared/events';
import { Button, Group, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LazyCalendarFeedSection } from '../../../components/lazy-calendar-feed-section';
import { useAfterLoadWhenIdle } from '../../../lib/idle';
import { EventCalendar } from '../../../components/event-calendar';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { programPath, useProgramId } from '../../../lib/use-program-id';
import { programCalendarFeedQueryOptions, useRotateProgramCalendarFeed } from '../../feeds/api';
import { programQueryOptions } from '../../programs/api';
import { programEventsQueryOptions } from '../api';

/**
 * A program's calendar (route `program-calendar`): month, week and list views
 * in the program's time zone; the visible range is loaded from
 * `GET /api/programs/:programId/events?from&to`; an event opens its page.
 * Staff who manage events get "New event" (not on an archived program), and
 * all staff the program's private calendar feed.
 */
export function ProgramCalendarPage() {
  const { t } = useTranslation();
  const programId = useProgramId();
  const queryClient = useQueryClient();
  // The feed section (below the calendar) and its request wait until the
  // page has loaded: the calendar comes first (docs/decisions/018).
  const showsFeed = useAfterLoadWhenIdle();
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
      {({ program: details, permissions }) => (
        <Stack gap="md">
          <Group justify="space-between" gap="xs">
            <PageTitle title={t('calendar.programTitle', { program: details.name })} />
            {permissions.canManageEvents && details.status !== 'archived' && (
              <Button
                component={Link}
                to={programPath(programId, '/events/new')}
                leftSection={<IconPlus size={16} aria-hidden />}
              >
                {t('program.newEvent')}
              </Button>
            )}
          </Group>
          <EventCalendar
            timeZone={details.timeZone}
            loadEvents={loadEvents}
            hrefOf={hrefOf}
            liveTopics={[`program:${programId}`]}
          />
          {showsFeed && permissions.canViewRoster && (
            <ProgramFeed programId={programId} name={details.name} />
          )}
        </Stack>
      )}
    </QueryState>
  );
}

/** The program's private calendar feed (its staff only). */
function ProgramFeed({ programId, name }: { programId: string; name: string }) {
  const { t } = useTranslation();
  const feed = useQuery(programCalendarFeedQueryOptions(programId));
  const rotate = useRotateProgramCalendarFeed(programId);
  return (
    <LazyCalendarFeedSection
      query={feed}
      rotate={rotate}
      intro={t('calendarFeed.programIntro', { program: name })}
    />
  );
}
