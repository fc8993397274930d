import { matchMinuteLabel } from '@rally/shared/match-time';
import type { MatchView } from '@rally/shared/matches';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { LiveMatch } from '../live-match';

type TimelineIncident = LiveMatch['incidents'][number];

/** What one incident says, e.g. "Goal: Asha (assist Ben)", "Substitution: Cara on for Dev". */
export function describeIncident(
  t: TFunction,
  incident: TimelineIncident,
  nameOf: (profileId: string | null) => string,
  positionLabel: (key: string | null) => string,
): string {
  const player = nameOf(incident.profileId);
  const other = nameOf(incident.relatedProfileId);
  switch (incident.type) {
    case 'goal':
      return incident.relatedProfileId
        ? t('eventMatch.incident.goalAssist', { player, assist: other })
        : t('eventMatch.incident.goal', { player });
    case 'substitution':
      return t('eventMatch.incident.substitution', { on: other, off: player });
    case 'position_change':
      return t('eventMatch.incident.position_change', {
        player,
        position: positionLabel(incident.position),
      });
    case 'period_start':
    case 'period_end':
      return t(`eventMatch.incident.${incident.type}`, { period: incident.period });
    case 'note':
      return t('eventMatch.incident.note', { note: incident.note });
    default:
      return t(`eventMatch.incident.${incident.type}`, { player, note: incident.note });
  }
}

/**
 * The match's incidents, newest first, each with its minute (`23'`,
 * `25+2'`); those still waiting to be sent are marked; the scorer may undo
 * each (voided, or dropped before it was sent).
 */
export function MatchTimeline(props: {
  view: MatchView;
  incidents: readonly TimelineIncident[];
  onUndo?: (incident: TimelineIncident) => void;
  undoingId?: string | null;
}) {
  const { t } = useTranslation();
  const { view } = props;
  const names = new Map(view.squad.map((p) => [p.profileId, p.displayName]));
  const nameOf = (id: string | null) => (id ? (names.get(id) ?? t('eventMatch.someone')) : '');
  const positions = new Map(view.format.positions.map((p) => [p.key, p.label]));
  const positionLabel = (key: string | null) => (key ? (positions.get(key) ?? key) : '');
  const shown = props.incidents
    .filter((i) => i.voidedAt === null)
    .sort((a, b) => b.period - a.period || b.clockMs - a.clockMs || b.seq - a.seq);
  if (shown.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('eventMatch.timelineEmpty')}
      </Text>
    );
  }
  return (
    <Stack component="ol" gap={6} p={0} m={0} style={{ listStyle: 'none' }}>
      {shown.map((incident) => (
        <Group component="li" key={incident.clientId} gap="sm" wrap="nowrap" align="center">
          <Text fw={700} w={48} ta="right" size="sm">
            {matchMinuteLabel(incident.period, incident.clockMs, view.format.periodMinutes)}
          </Text>
          <Text size="sm" style={{ flex: 1 }}>
            {describeIncident(t, incident, nameOf, positionLabel)}
          </Text>
          {incident.isWaiting && (
            <Badge size="xs" variant="light" color="orange">
              {t('eventMatch.waiting')}
            </Badge>
          )}
          {props.onUndo && (
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              loading={props.undoingId === incident.id}
              onClick={() => props.onUndo?.(incident)}
              aria-label={t('eventMatch.undoLabel', {
                incident: describeIncident(t, incident, nameOf, positionLabel),
              })}
            >
              {t('eventMatch.undo')}
            </Button>
          )}
        </Group>
      ))}
    </Stack>
  );
}
