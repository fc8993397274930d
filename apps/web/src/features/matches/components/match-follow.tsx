import type { MatchView } from '@rally/shared/matches';
import { Alert, Skeleton, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { downloadFailedError, lazyPart } from '../../../lib/lazy-part';
import type { LiveMatch } from '../live-match';
import type { BoardPlayer } from './lineup-board';
import { MatchScoreboard } from './match-scoreboard';
import { MatchTimeline } from './match-timeline';
import { MinutesReceipt } from './minutes-receipt';

// The board (with its drag library) loads after the score and timeline.
const LineupBoard = lazyPart(() => import('./lineup-board').then((module) => module.LineupBoard));

/**
 * The match as a family follows it (DESIGN.md §9): the score and clock, the
 * published lineup as it stands now (who is on, where), the timeline, and
 * the minutes receipt of their own children (the squad's where the org
 * chose so, docs/decisions/030). Before the lineup is
 * published, only the score board and a note.
 */
export function MatchFollow(props: { view: MatchView; live: LiveMatch; teamName: string }) {
  const { t } = useTranslation();
  const { view, live } = props;
  const isPublished = view.publishedAt !== null;
  const onField = new Map(live.replay.onField.map((p) => [p.profileId, p.position]));
  const players: BoardPlayer[] = view.squad
    .filter((p) => p.role !== 'not_selected')
    .map((p) => ({
      profileId: p.profileId,
      name: p.displayName,
      shirtNumber: p.shirtNumber,
      position: onField.get(p.profileId) ?? null,
      playedMs: live.playedMs.get(p.profileId) ?? null,
      isCaptain: p.isCaptain,
      unavailable: live.replay.sentOff.includes(p.profileId) ? 'sent_off' : null,
    }));
  return (
    <Stack gap="md">
      <MatchScoreboard view={view} live={live} teamName={props.teamName} />
      {!isPublished && <Alert color="blue">{t('eventMatch.follow.notPublished')}</Alert>}
      {view.incidents.length > 0 && (
        <Stack gap="xs" component="section" aria-labelledby="match-follow-timeline">
          <Title order={2} size="h4" id="match-follow-timeline">
            {t('eventMatch.timelineTitle')}
          </Title>
          <MatchTimeline view={view} incidents={live.incidents} />
        </Stack>
      )}
      {view.minutes.length > 0 && (
        <Stack gap="xs" component="section" aria-labelledby="match-follow-minutes">
          <Title order={2} size="h4" id="match-follow-minutes">
            {t('eventMatch.minutes.title')}
          </Title>
          <MinutesReceipt view={view} live={live} />
        </Stack>
      )}
      {isPublished && (
        <Stack gap="xs" component="section" aria-labelledby="match-follow-lineup">
          <Title order={2} size="h4" id="match-follow-lineup">
            {t('eventMatch.follow.lineupTitle')}
          </Title>
          <LineupBoard
            positions={view.format.positions}
            players={players}
            selectedId={null}
            onSelect={() => {}}
            onPlace={() => {}}
            readOnly
            benchTitle={t('eventMatch.live.bench')}
            fallback={<Skeleton height="16rem" radius="md" />}
            failed={(retry) => <ErrorAlert error={downloadFailedError} onRetry={retry} />}
          />
        </Stack>
      )}
    </Stack>
  );
}
