import type { MatchFormatFields, SquadRole } from '@rally/shared/matches';
import { Badge, Checkbox, Group, NumberInput, SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DraftPlayer } from '../lineup-draft';

const RSVP_COLORS: Record<string, string> = {
  going: 'green',
  maybe: 'yellow',
  declined: 'red',
  none: 'gray',
};

/**
 * The roster as a squad list (DESIGN.md §9): each profile with its RSVP
 * ("Going", "Maybe", "No answer", "Can't go") and attendance mark, its role
 * (starter, bench, not selected: a starter takes the first free place on
 * the pitch), shirt number and captain's armband. Starters are fixed once
 * the match kicked off (`isStartersFixed`): changes then go through the board.
 */
export function SquadList(props: {
  draft: readonly DraftPlayer[];
  format: Pick<MatchFormatFields, 'positions' | 'playersOnField'>;
  onChange: (draft: DraftPlayer[]) => void;
  isStartersFixed: boolean;
}) {
  const { t } = useTranslation();
  const { draft, format } = props;
  const starters = draft.filter((p) => p.role === 'starter').length;
  const keeperPosition = format.positions.find((p) => p.isGoalkeeper)?.key ?? null;

  const update = (profileId: string, change: (p: DraftPlayer) => DraftPlayer) =>
    props.onChange(draft.map((p) => (p.profileId === profileId ? change(p) : p)));
  const setRole = (player: DraftPlayer, role: SquadRole) => {
    if (role !== 'starter') {
      return update(player.profileId, (p) => ({ ...p, role, position: null, isGoalkeeper: false }));
    }
    const taken = new Set(draft.filter((p) => p.role === 'starter').map((p) => p.position));
    const free = format.positions.find((p) => !taken.has(p.key))?.key ?? null;
    update(player.profileId, (p) => ({
      ...p,
      role,
      position: free,
      isGoalkeeper: free !== null && free === keeperPosition,
    }));
  };
  const setCaptain = (profileId: string, isCaptain: boolean) =>
    props.onChange(
      draft.map((p) => ({ ...p, isCaptain: p.profileId === profileId ? isCaptain : false })),
    );

  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
      {draft.map((player) => {
        const rsvp = player.rsvp ?? 'none';
        const isFull = starters >= format.playersOnField && player.role !== 'starter';
        return (
          <Stack component="li" key={player.profileId} gap={6}>
            <Group gap="xs" justify="space-between" wrap="nowrap">
              <Text fw={600} lineClamp={1}>
                {player.displayName}
              </Text>
              <Group gap={4} wrap="nowrap">
                <Badge variant="light" color={RSVP_COLORS[rsvp]}>
                  {t(`eventMatch.rsvp.${rsvp}`)}
                </Badge>
                {player.attendance && (
                  <Badge variant="outline" color="gray">
                    {t(`eventMatch.attendance.${player.attendance}`)}
                  </Badge>
                )}
                {player.seasonMinutes !== null && (
                  <Text size="xs" c="dimmed">
                    {t('eventMatch.squad.seasonMinutes', { count: player.seasonMinutes })}
                  </Text>
                )}
              </Group>
            </Group>
            <Group gap="xs" wrap="nowrap" align="end">
              <SegmentedControl
                size="xs"
                style={{ flex: 1 }}
                aria-label={t('eventMatch.squad.roleOf', { name: player.displayName })}
                value={player.role}
                onChange={(value) => setRole(player, value as SquadRole)}
                disabled={props.isStartersFixed && player.role === 'starter'}
                data={(['starter', 'bench', 'not_selected'] as const).map((role) => ({
                  value: role,
                  label: t(`eventMatch.role.${role}`),
                  disabled:
                    (role === 'starter' && (isFull || props.isStartersFixed)) ||
                    (props.isStartersFixed && player.role === 'starter'),
                }))}
              />
              <NumberInput
                size="xs"
                w={64}
                aria-label={t('eventMatch.squad.shirtOf', { name: player.displayName })}
                placeholder="#"
                min={0}
                max={99}
                allowDecimal={false}
                value={player.shirtNumber ?? ''}
                onChange={(v) =>
                  update(player.profileId, (p) => ({
                    ...p,
                    shirtNumber: v === '' || v === null ? null : Math.trunc(Number(v)),
                  }))
                }
              />
            </Group>
            {player.role !== 'not_selected' && (
              <Checkbox
                size="xs"
                label={t('eventMatch.squad.captain')}
                checked={player.isCaptain}
                onChange={(e) => setCaptain(player.profileId, e.currentTarget.checked)}
              />
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}
