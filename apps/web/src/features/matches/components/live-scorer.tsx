import type { MatchIncidentType } from '@rally/shared/match-time';
import type { MatchView } from '@rally/shared/matches';
import {
  Alert,
  Button,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../lib/describe-error';
import { useTakeScorerLease, useVoidIncident } from '../api';
import { newIncident, type IncidentFields, type LiveMatch } from '../live-match';
import type { MatchOutbox } from '../match-outbox';
import { LineupBoard, type BoardPlayer, type BoardTarget } from './lineup-board';
import { MatchTimeline } from './match-timeline';

/** A change picked on the board, recorded with the others of the same stoppage. */
type PendingChange =
  | { type: 'substitution'; off: string; on: string; position: string | null }
  | { type: 'position_change'; profileId: string; position: string };

/** Who is where after the log and the pending changes: position per player on the field. */
function fieldAfter(
  live: LiveMatch,
  pending: readonly PendingChange[],
): Map<string, string | null> {
  const onField = new Map(live.replay.onField.map((p) => [p.profileId, p.position]));
  for (const change of pending) {
    if (change.type === 'substitution') {
      onField.delete(change.off);
      onField.set(change.on, change.position);
    } else onField.set(change.profileId, change.position);
  }
  return onField;
}

type Picker =
  | { kind: 'goal'; scorer: string | null }
  | { kind: 'card'; card: 'yellow' | 'red' }
  | { kind: 'injury' }
  | { kind: 'note' };

/**
 * The scorer's controls during the match (DESIGN.md §9): the clock (kick
 * off, pause, resume, end the period, start the next), goals with scorer
 * and assist, opponent goals and own goals, cards, injuries and notes;
 * substitutions and position changes on the board (several at one
 * stoppage, confirmed together); the fairness warning with its one-tap
 * swap; the timeline with undo. Every incident goes through the outbox, so
 * nothing is lost offline. Another staff member's lease shows who keeps
 * score and offers the takeover.
 */
export function LiveScorer(props: { view: MatchView; live: LiveMatch; outbox: MatchOutbox }) {
  const { t } = useTranslation();
  const { view, live, outbox } = props;
  const [pending, setPending] = useState<PendingChange[]>([]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [picker, setPicker] = useState<Picker | null>(null);
  const [note, setNote] = useState('');
  const takeLease = useTakeScorerLease(view.programId, view.eventId);
  const voidIncident = useVoidIncident(view.programId, view.eventId);
  const names = new Map(view.squad.map((p) => [p.profileId, p.displayName]));
  const nameOf = (id: string) => names.get(id) ?? t('eventMatch.someone');
  const { clock } = live;
  const isUnderWay = clock.phase === 'running' || clock.phase === 'paused';
  const isOtherScorer = view.lease !== null && !view.permissions.isScorer;

  const record = (type: MatchIncidentType, fields: IncidentFields = {}) =>
    outbox.record([newIncident(type, live, fields)]);

  const onField = fieldAfter(live, pending);
  const sentOff = new Set(live.replay.sentOff);
  const injured = new Set(live.replay.injured);
  const inSquad = view.squad.filter((p) => p.role !== 'not_selected');
  const boardPlayers: BoardPlayer[] = inSquad.map((p) => ({
    profileId: p.profileId,
    name: p.displayName,
    shirtNumber: p.shirtNumber,
    position: onField.has(p.profileId) ? (onField.get(p.profileId) ?? null) : null,
    playedMs: live.playedMs.get(p.profileId) ?? 0,
    isCaptain: p.isCaptain,
    unavailable: sentOff.has(p.profileId)
      ? 'sent_off'
      : injured.has(p.profileId) && !onField.has(p.profileId)
        ? 'injured'
        : null,
  }));
  const onPlace = (profileId: string, target: BoardTarget) => {
    if (!('position' in target)) return;
    const holder = [...onField].find(([, position]) => position === target.position)?.[0];
    const from = onField.get(profileId);
    if (onField.has(profileId)) {
      if (from === target.position) return;
      const changes: PendingChange[] = [
        { type: 'position_change', profileId, position: target.position },
      ];
      if (holder && from)
        changes.push({ type: 'position_change', profileId: holder, position: from });
      setPending([...pending, ...changes]);
    } else if (holder && !sentOff.has(profileId)) {
      setPending([
        ...pending,
        { type: 'substitution', off: holder, on: profileId, position: target.position },
      ]);
    }
  };
  const confirmChanges = () => {
    const now = new Date();
    outbox.record(
      pending.map((change) =>
        change.type === 'substitution'
          ? newIncident(
              'substitution',
              live,
              { profileId: change.off, relatedProfileId: change.on, position: change.position },
              now,
            )
          : newIncident(
              'position_change',
              live,
              { profileId: change.profileId, position: change.position },
              now,
            ),
      ),
    );
    setPending([]);
  };

  const fieldIds = [...onField.keys()];
  const pick = (ids: readonly string[], onPick: (id: string) => void) => (
    <SimpleGrid cols={2} spacing="xs">
      {ids.map((id) => (
        <Button key={id} variant="light" size="md" onClick={() => onPick(id)}>
          {nameOf(id)}
        </Button>
      ))}
    </SimpleGrid>
  );
  const closePicker = () => {
    setPicker(null);
    setNote('');
  };
  const suggestion = live.fairness.suggestion;

  return (
    <Stack gap="md">
      {isOtherScorer && (
        <Alert
          color="yellow"
          title={t('eventMatch.live.otherScorer', { name: view.lease?.displayName })}
        >
          <Stack gap="xs">
            <Text size="sm">{t('eventMatch.live.otherScorerHelp')}</Text>
            <Group>
              <Button
                size="sm"
                loading={takeLease.isPending}
                onClick={() => takeLease.mutate(true)}
              >
                {t('eventMatch.live.takeOver')}
              </Button>
            </Group>
            {takeLease.error !== null && (
              <Text size="sm" c="red">
                {describeError(t, takeLease.error)}
              </Text>
            )}
          </Stack>
        </Alert>
      )}
      <OutboxStatus outbox={outbox} onTakeOver={() => takeLease.mutateAsync(true)} />
      <Group gap="xs" grow>
        {clock.phase === 'before' && (
          <Button
            size="lg"
            color="green"
            onClick={() => record('period_start')}
            disabled={isOtherScorer}
          >
            {t('eventMatch.live.kickOff')}
          </Button>
        )}
        {clock.phase === 'break' && (
          <Button
            size="lg"
            color="green"
            onClick={() => record('period_start')}
            disabled={isOtherScorer}
          >
            {t('eventMatch.live.startPeriod', { period: clock.period + 1 })}
          </Button>
        )}
        {clock.phase === 'running' && (
          <Button
            size="lg"
            variant="light"
            onClick={() => record('pause')}
            disabled={isOtherScorer}
          >
            {t('eventMatch.live.pause')}
          </Button>
        )}
        {clock.phase === 'paused' && (
          <Button size="lg" color="green" onClick={() => record('resume')} disabled={isOtherScorer}>
            {t('eventMatch.live.resume')}
          </Button>
        )}
        {isUnderWay && (
          <Button
            size="lg"
            variant="outline"
            color="red"
            onClick={() => record('period_end')}
            disabled={isOtherScorer}
          >
            {clock.period >= view.format.periods
              ? t('eventMatch.live.endMatch')
              : t('eventMatch.live.endPeriod', { period: clock.period })}
          </Button>
        )}
      </Group>
      {clock.phase !== 'before' && clock.phase !== 'finished' && (
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
          <Button
            size="md"
            color="green"
            disabled={isOtherScorer}
            onClick={() => setPicker({ kind: 'goal', scorer: null })}
          >
            {t('eventMatch.live.goal')}
          </Button>
          <Button
            size="md"
            color="gray"
            disabled={isOtherScorer}
            onClick={() => record('opponent_goal')}
          >
            {t('eventMatch.live.opponentGoal')}
          </Button>
          <Button
            size="md"
            variant="light"
            color="yellow"
            disabled={isOtherScorer}
            onClick={() => setPicker({ kind: 'card', card: 'yellow' })}
          >
            {t('eventMatch.live.yellow')}
          </Button>
          <Button
            size="md"
            variant="light"
            color="red"
            disabled={isOtherScorer}
            onClick={() => setPicker({ kind: 'card', card: 'red' })}
          >
            {t('eventMatch.live.red')}
          </Button>
          <Button
            size="md"
            variant="light"
            disabled={isOtherScorer}
            onClick={() => setPicker({ kind: 'injury' })}
          >
            {t('eventMatch.live.injury')}
          </Button>
          <Button
            size="md"
            variant="light"
            disabled={isOtherScorer}
            onClick={() => record('own_goal')}
          >
            {t('eventMatch.live.ownGoal')}
          </Button>
          <Button
            size="md"
            variant="light"
            disabled={isOtherScorer}
            onClick={() => setPicker({ kind: 'note' })}
          >
            {t('eventMatch.live.note')}
          </Button>
        </SimpleGrid>
      )}
      {live.fairness.underMinimum.length > 0 && (
        <Alert color="orange" title={t('eventMatch.fairness.title')}>
          <Stack gap="xs">
            <Text size="sm">
              {t('eventMatch.fairness.under', {
                names: live.fairness.underMinimum.map((p) => nameOf(p.profileId)).join(', '),
                share: Math.round(view.format.minPlayShare * 100),
              })}
            </Text>
            {suggestion && (
              <Button
                size="sm"
                disabled={isOtherScorer}
                onClick={() =>
                  record('substitution', {
                    profileId: suggestion.offProfileId,
                    relatedProfileId: suggestion.onProfileId,
                    position: suggestion.position,
                  })
                }
              >
                {t('eventMatch.fairness.swap', {
                  on: nameOf(suggestion.onProfileId),
                  off: nameOf(suggestion.offProfileId),
                })}
              </Button>
            )}
          </Stack>
        </Alert>
      )}
      {clock.phase !== 'finished' && (
        <Stack gap="xs" component="section" aria-labelledby="match-subs-title">
          <Title order={2} size="h4" id="match-subs-title">
            {t('eventMatch.live.subsTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('eventMatch.live.subsHowTo')}
          </Text>
          <LineupBoard
            positions={view.format.positions}
            players={boardPlayers}
            selectedId={selectedId}
            onSelect={setSelectedId}
            onPlace={onPlace}
            readOnly={isOtherScorer}
            benchTitle={t('eventMatch.live.bench')}
            footer={
              pending.length > 0 && (
                <Stack gap="xs" p="xs" bg="yellow.0" style={{ borderRadius: 8 }}>
                  <Text size="sm" fw={600}>
                    {t('eventMatch.live.pendingTitle')}
                  </Text>
                  <Stack component="ul" gap={2} m={0} pl="md">
                    {pending.map((change, index) => (
                      <Text component="li" size="sm" key={index}>
                        {change.type === 'substitution'
                          ? t('eventMatch.incident.substitution', {
                              on: nameOf(change.on),
                              off: nameOf(change.off),
                            })
                          : t('eventMatch.incident.position_change', {
                              player: nameOf(change.profileId),
                              position:
                                view.format.positions.find((p) => p.key === change.position)
                                  ?.label ?? change.position,
                            })}
                      </Text>
                    ))}
                  </Stack>
                  <Group gap="xs">
                    <Button size="sm" onClick={confirmChanges}>
                      {t('eventMatch.live.confirmChanges', {
                        count:
                          pending.filter((c) => c.type === 'substitution').length || pending.length,
                      })}
                    </Button>
                    <Button size="sm" variant="subtle" onClick={() => setPending([])}>
                      {t('eventMatch.live.cancelChanges')}
                    </Button>
                  </Group>
                </Stack>
              )
            }
          />
        </Stack>
      )}
      <Stack gap="xs" component="section" aria-labelledby="match-timeline-title">
        <Title order={2} size="h4" id="match-timeline-title">
          {t('eventMatch.timelineTitle')}
        </Title>
        <MatchTimeline
          view={view}
          incidents={live.incidents}
          undoingId={voidIncident.isPending ? voidIncident.variables : null}
          onUndo={
            isOtherScorer
              ? undefined
              : (incident) =>
                  incident.isWaiting
                    ? outbox.discard(incident.clientId)
                    : voidIncident.mutate(incident.id)
          }
        />
        {voidIncident.error !== null && (
          <Text size="sm" c="red">
            {describeError(t, voidIncident.error)}
          </Text>
        )}
      </Stack>
      <Modal
        opened={picker !== null}
        onClose={closePicker}
        title={
          picker?.kind === 'goal'
            ? picker.scorer === null
              ? t('eventMatch.live.whoScored')
              : t('eventMatch.live.whoAssisted')
            : picker?.kind === 'card'
              ? t(`eventMatch.live.whoCard.${picker.card}`)
              : picker?.kind === 'injury'
                ? t('eventMatch.live.whoInjured')
                : t('eventMatch.live.note')
        }
      >
        {picker?.kind === 'goal' &&
          picker.scorer === null &&
          pick(fieldIds, (id) => setPicker({ kind: 'goal', scorer: id }))}
        {picker?.kind === 'goal' && picker.scorer !== null && (
          <Stack gap="xs">
            {pick(
              fieldIds.filter((id) => id !== picker.scorer),
              (id) => {
                record('goal', { profileId: picker.scorer, relatedProfileId: id });
                closePicker();
              },
            )}
            <Button
              variant="default"
              onClick={() => {
                record('goal', { profileId: picker.scorer });
                closePicker();
              }}
            >
              {t('eventMatch.live.noAssist')}
            </Button>
          </Stack>
        )}
        {picker?.kind === 'card' &&
          pick(
            inSquad.map((p) => p.profileId).filter((id) => !sentOff.has(id)),
            (id) => {
              record(picker.card, { profileId: id });
              closePicker();
            },
          )}
        {picker?.kind === 'injury' &&
          pick(fieldIds, (id) => {
            record('injury', { profileId: id });
            closePicker();
          })}
        {picker?.kind === 'note' && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (note.trim() === '') return;
              record('note', { note: note.trim() });
              closePicker();
            }}
          >
            <Stack gap="xs">
              <Textarea
                label={t('eventMatch.live.noteLabel')}
                value={note}
                maxLength={500}
                autosize
                minRows={2}
                onChange={(e) => setNote(e.currentTarget.value)}
                data-autofocus
              />
              <Button type="submit" disabled={note.trim() === ''}>
                {t('eventMatch.live.addNote')}
              </Button>
            </Stack>
          </form>
        )}
      </Modal>
    </Stack>
  );
}

/** What waits to be sent and what the server refused, with the ways out (sync now, take over and resend, dismiss). */
function OutboxStatus(props: { outbox: MatchOutbox; onTakeOver: () => Promise<unknown> }) {
  const { outbox, onTakeOver } = props;
  const { t } = useTranslation();
  const { state, waiting } = outbox;
  const rejected = state.rejected;
  return (
    <>
      {waiting.length > 0 && (
        <Alert color={state.isOffline ? 'orange' : 'blue'} role="status">
          <Group justify="space-between" gap="xs">
            <Text size="sm">
              {state.isOffline
                ? t('eventMatch.outbox.offline', { count: waiting.length })
                : t('eventMatch.outbox.sending', { count: waiting.length })}
            </Text>
            <Button size="compact-sm" variant="light" onClick={outbox.syncNow}>
              {t('eventMatch.outbox.syncNow')}
            </Button>
          </Group>
        </Alert>
      )}
      {rejected.length > 0 && (
        <Alert color="red" title={t('eventMatch.outbox.refused', { count: rejected.length })}>
          <Stack gap="xs">
            <Text size="sm">{describeError(t, rejected[0]?.error)}</Text>
            <Group gap="xs">
              <Button
                size="compact-sm"
                onClick={() => {
                  const incidents = rejected.map((r) => r.entry.payload.incident);
                  void onTakeOver().then(() => {
                    outbox.dismissRejected();
                    outbox.record(incidents);
                  });
                }}
              >
                {t('eventMatch.outbox.takeOverAndSend')}
              </Button>
              <Button size="compact-sm" variant="subtle" onClick={outbox.dismissRejected}>
                {t('eventMatch.outbox.dismiss')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
    </>
  );
}
