import type { MatchView } from '@rally/shared/matches';
import { Alert, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { deriveClock } from '@rally/shared/match-time';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { EventSummary } from '../../../components/event-summary';
import { PageTitle } from '../../../components/page-title';
import { QueryState } from '../../../components/query-state';
import { downloadFailedError, lazyPart } from '../../../lib/lazy-part';
import { useRealtimeTopics } from '../../../lib/realtime';
import { useProgramId } from '../../../lib/use-program-id';
import { programEventQueryOptions } from '../../events/api';
import { programQueryOptions } from '../../programs/api';
import { matchQueryOptions } from '../api';
import { MatchFollow } from '../components/match-follow';
import { MatchScoreboard } from '../components/match-scoreboard';
import { MinutesReceipt } from '../components/minutes-receipt';
import { deriveLiveMatch, useNow } from '../live-match';
import { mergeIncidents, useMatchOutbox } from '../match-outbox';

// The staff tabs load on first use: the board's drag library, the scorer's
// dialogs and the details form's pickers are not what a family following the
// score needs (DESIGN.md §7's lazy-route budget). Staff download all three
// once the page is up, so a tab opened later at the ground, offline, is there.
const loadLineupPlanner = () =>
  import('../components/lineup-planner').then((module) => module.LineupPlanner);
const loadLiveScorer = () =>
  import('../components/live-scorer').then((module) => module.LiveScorer);
const loadDetailsForm = () =>
  import('../components/match-details-form').then((module) => module.MatchDetailsForm);
const loadSharePanel = () =>
  import('../components/share-match-panel').then((module) => module.ShareMatchPanel);
const LineupPlanner = lazyPart(loadLineupPlanner);
const ShareMatchPanel = lazyPart(loadSharePanel);
const LiveScorer = lazyPart(loadLiveScorer);
const MatchDetailsForm = lazyPart(loadDetailsForm);

/** What a staff tab shows while its part downloads, and when the download failed. */
const partStates = {
  fallback: <Skeleton height="20rem" radius="md" />,
  failed: (retry: () => void) => <ErrorAlert error={downloadFailedError} onRetry={retry} />,
};

/**
 * The match page of an event (route `program-event-match`, DESIGN.md §9):
 * for a `match` event, staff prepare the details and the lineup, publish it
 * and keep score live; families follow the score, clock, timeline and
 * their children's minutes (the squad's where the org chose so), pushed through the `event:{id}` topic. Other
 * kinds say they are not a match.
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
              <MatchSection programId={programId} eventId={eventId} />
            </>
          ) : (
            <Text>{t('eventMatch.notAMatch', { kind: t(`event.kind.${event.kind}`) })}</Text>
          )}
        </Stack>
      )}
    </QueryState>
  );
}

function MatchSection({ programId, eventId }: { programId: string; eventId: string }) {
  const match = useQuery(matchQueryOptions(programId, eventId));
  // Score, clock and lineup changes of other devices show at once.
  useRealtimeTopics([`event:${eventId}`]);
  return <QueryState query={match}>{(view) => <MatchBody view={view} />}</QueryState>;
}

type StaffTab = 'lineup' | 'live' | 'details';

function MatchBody({ view }: { view: MatchView }) {
  const { t } = useTranslation();
  const program = useQuery(programQueryOptions(view.programId));
  const teamName = program.data?.program.name ?? t('eventMatch.us');
  const outbox = useMatchOutbox(view.programId, view.eventId);
  const incidents = mergeIncidents(view.incidents, view.permissions.canScore ? outbox.waiting : []);
  const isLive = view.status === 'live' || view.status === 'finished';
  const [tab, setTab] = useState<StaffTab>(isLive ? 'live' : 'lineup');
  const now = useNow(deriveClock(incidents, view.format).phase === 'running');
  const live = deriveLiveMatch(view, incidents, now);
  const canEdit = view.permissions.canEdit;
  useEffect(() => {
    if (!canEdit) return;
    // Warm the other tabs (a failure shows on the tab itself when opened).
    for (const load of [loadLineupPlanner, loadLiveScorer, loadDetailsForm, loadSharePanel]) {
      load().catch(() => undefined);
    }
  }, [canEdit]);

  if (!canEdit) {
    return <MatchFollow view={view} live={live} teamName={teamName} />;
  }
  return (
    <Stack gap="md">
      <MatchScoreboard view={view} live={live} teamName={teamName} />
      <SegmentedControl
        fullWidth
        value={tab}
        onChange={(value) => setTab(value as StaffTab)}
        aria-label={t('eventMatch.tabs.label')}
        data={(['lineup', 'live', 'details'] as const).map((value) => ({
          value,
          label: t(`eventMatch.tabs.${value}`),
        }))}
      />
      {tab === 'details' && <MatchDetailsForm view={view} {...partStates} />}
      {tab === 'lineup' && <LineupPlanner view={view} {...partStates} />}
      {tab === 'live' && (
        <>
          {view.permissions.canScore ? (
            <LiveScorer view={view} live={live} outbox={outbox} {...partStates} />
          ) : (
            <Alert color="blue">{t('eventMatch.live.cannotScore')}</Alert>
          )}
          <Stack gap="xs" component="section" aria-labelledby="match-minutes-title">
            <Title order={2} size="h4" id="match-minutes-title">
              {t('eventMatch.minutes.title')}
            </Title>
            <MinutesReceipt view={view} live={live} />
          </Stack>
          <ShareMatchPanel view={view} fallback={null} failed={partStates.failed} />
        </>
      )}
    </Stack>
  );
}
