import type { MatchView } from '@rally/shared/matches';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LiveMatch } from '../live-match';

/** "12:07" (or "25:00+2:13" in stoppage time): a period clock in ms as a stopwatch reads. */
export function formatClock(clockMs: number, periodMinutes: number): string {
  const mmss = (ms: number) => {
    const seconds = Math.floor(ms / 1000);
    return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
  };
  const periodMs = periodMinutes * 60_000;
  if (clockMs <= periodMs) return mmss(clockMs);
  return `${mmss(periodMs)}+${mmss(clockMs - periodMs)}`;
}

/**
 * The match's head: our team and the opponent with the score between them
 * (announced politely to screen readers when it changes), the phase (not
 * started, period N with the running clock, half-time, full time) and the
 * venue and competition.
 */
export function MatchScoreboard(props: { view: MatchView; live: LiveMatch; teamName: string }) {
  const { t } = useTranslation();
  const { view, live } = props;
  const { clock } = live;
  const opponent = view.opponent || t('eventMatch.opponentUnknown');
  const phase =
    clock.phase === 'before'
      ? t('eventMatch.phase.before')
      : clock.phase === 'finished'
        ? t('eventMatch.phase.finished')
        : clock.phase === 'break'
          ? t('eventMatch.phase.break', { period: clock.period })
          : t(`eventMatch.phase.${clock.phase}`, {
              period: clock.period,
              clock: formatClock(live.clockMs, view.format.periodMinutes),
            });
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap={4} align="center">
        <Group gap="xs">
          <Badge variant="light" color={clock.phase === 'running' ? 'red' : 'gray'}>
            {phase}
          </Badge>
          {view.competition && (
            <Text size="sm" c="dimmed">
              {view.competition}
            </Text>
          )}
        </Group>
        <Group gap="md" wrap="nowrap" justify="center" w="100%">
          <Text fw={700} ta="right" style={{ flex: 1 }} lineClamp={2}>
            {props.teamName}
          </Text>
          <Text
            fz={36}
            fw={800}
            role="status"
            aria-live="polite"
            aria-label={t('eventMatch.scoreLabel', {
              us: live.score.us,
              them: live.score.them,
              team: props.teamName,
              opponent,
            })}
          >
            {live.score.us}–{live.score.them}
          </Text>
          <Text fw={700} style={{ flex: 1 }} lineClamp={2}>
            {opponent}
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          {t(`eventMatch.venue.${view.venue}`)} · {view.format.name}
        </Text>
      </Stack>
    </Paper>
  );
}
