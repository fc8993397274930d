import type { MatchView } from '@rally/shared/matches';
import { Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LiveMatch } from '../live-match';

const minutes = (ms: number) => Math.floor(ms / 60_000);

/**
 * The minutes receipt (DESIGN.md §9, "fair playing time with proof"): for
 * each player the caller may see (staff: the squad; a family: its own
 * children, or what the org allows), minutes played so far, the share of
 * the planned match and the minutes per position, computed from the
 * incident log's stints.
 */
export function MinutesReceipt({ view, live }: { view: MatchView; live: LiveMatch }) {
  const { t } = useTranslation();
  const plannedMs = view.format.periods * view.format.periodMinutes * 60_000;
  const positions = new Map(view.format.positions.map((p) => [p.key, p.label]));
  const rows = view.squad
    .filter((p) => p.role !== 'not_selected' && live.playedMs.has(p.profileId))
    .map((p) => ({ player: p, playedMs: live.playedMs.get(p.profileId) ?? 0 }))
    .sort((a, b) => b.playedMs - a.playedMs);
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('eventMatch.minutes.none')}
      </Text>
    );
  }
  // A list rather than a table: one player per row reads on a phone without
  // sideways scrolling, and Mantine's Table would bring its scroll area (the
  // overlays' chunk) to a page families open on the touchline.
  return (
    <Stack
      component="ul"
      gap="sm"
      aria-label={t('eventMatch.minutes.title')}
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
    >
      {rows.map(({ player, playedMs }) => {
        const share = plannedMs > 0 ? Math.min(1, playedMs / plannedMs) : 0;
        const byPosition = Object.entries(live.byPositionMs.get(player.profileId) ?? {})
          .filter(([, ms]) => ms >= 60_000)
          .map(([key, ms]) =>
            t('eventMatch.minutes.atPosition', {
              position: positions.get(key) ?? (key || t('eventMatch.minutes.noPosition')),
              count: minutes(ms),
            }),
          );
        return (
          <Stack component="li" key={player.profileId} gap={2}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" fw={500}>
                {player.displayName}
              </Text>
              <Text size="sm">
                {t('eventMatch.minutes.value', {
                  count: minutes(playedMs),
                  share: Math.round(share * 100),
                })}
              </Text>
            </Group>
            <Progress
              value={share * 100}
              size="sm"
              color={share < view.format.minPlayShare ? 'orange' : 'green'}
              aria-hidden
            />
            <Text size="xs" c="dimmed">
              {t('eventMatch.minutes.positions', { positions: byPosition.join(', ') || '—' })}
            </Text>
          </Stack>
        );
      })}
    </Stack>
  );
}
