import { deriveClock } from '@rally/shared/match-time';
import { routePath } from '@rally/shared/routes';
import { Anchor, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { matchQueryOptions } from '../api';
import { deriveLiveMatch, useNow } from '../live-match';
import { MatchScoreboard } from './match-scoreboard';
import { MatchTimeline } from './match-timeline';
import { MinutesReceipt } from './minutes-receipt';

/**
 * The match on a family's event page (DESIGN.md §9, "families follow
 * live"): score, clock, the timeline and their child's minutes, refreshed
 * by the page's `event:{id}` subscription, with a link to the match page.
 * `teamName`: our side on the score board (the program's name).
 * Shows nothing while loading or when the match cannot be read.
 */
export function MatchFollowCard(props: { programId: string; eventId: string; teamName: string }) {
  const { programId, eventId } = props;
  const { t } = useTranslation();
  const match = useQuery(matchQueryOptions(programId, eventId));
  const view = match.data;
  const incidents = (view?.incidents ?? []).map((i) => ({ ...i, isWaiting: false }));
  const isRunning = view ? deriveClock(incidents, view.format).phase === 'running' : false;
  const now = useNow(isRunning);
  if (!view) return null;
  const live = deriveLiveMatch(view, incidents, now);
  return (
    <Stack gap="sm" component="section" aria-labelledby="profile-event-match">
      <Title order={2} size="h3" id="profile-event-match">
        {t('eventMatch.follow.title')}
      </Title>
      <MatchScoreboard view={view} live={live} teamName={props.teamName} />
      {view.minutes.length > 0 && <MinutesReceipt view={view} live={live} />}
      {incidents.length > 0 && <MatchTimeline view={view} incidents={live.incidents} />}
      <Anchor
        component={Link}
        to={routePath('program-event-match', { programId, eventId })}
        size="sm"
      >
        {t('eventMatch.follow.open')}
      </Anchor>
    </Stack>
  );
}
