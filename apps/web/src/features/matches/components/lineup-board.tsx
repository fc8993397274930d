import {
  DndContext,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import type { FormatPosition } from '@rally/shared/match-time';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './lineup-board.css';

/** A player as the board shows them: on the field at `position`, or on the bench (`position` null). */
export interface BoardPlayer {
  profileId: string;
  name: string;
  shirtNumber: number | null;
  position: string | null;
  /** Minutes played in this match (ms), or null when not shown. */
  playedMs: number | null;
  isCaptain: boolean;
  /** Sent off or injured: shown, and never offered to come on. */
  unavailable: 'sent_off' | 'injured' | null;
}

/** Where a board action moves a player: onto a position, or to the bench. */
export type BoardTarget = { position: string } | { bench: true };

/** Props of {@link LineupBoard}. */
export interface LineupBoardProps {
  positions: readonly FormatPosition[];
  players: readonly BoardPlayer[];
  selectedId: string | null;
  onSelect: (profileId: string | null) => void;
  /** A tap on a place (or a drop) with a player selected (or dragged). */
  onPlace: (profileId: string, target: BoardTarget) => void;
  readOnly?: boolean;
  /** Shown above the bench, e.g. "Bench" or "Substitutes". */
  benchTitle: string;
  /** Extra controls under the bench (the caller's save or confirm buttons). */
  footer?: ReactNode;
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;
const wholeMinutes = (ms: number) => Math.floor(ms / 60_000);

/**
 * The lineup board (DESIGN.md §9, WCAG 2.2 SC 2.5.7): an SVG pitch with a
 * button on each of the format's positions (ours at the bottom, attacking
 * up) and the bench beside it (below on a phone). Every player is a button
 * that says who, where and how long ("Asha, Left back, 23 min"): a tap
 * selects, a tap on a place or another player places or swaps (the caller
 * decides what that means: a squad change before kick-off, a substitution
 * or a position change during the match); Escape clears the selection.
 * With a mouse or a finger a player can also be dragged onto a place
 * (@dnd-kit; a movement under 8 px stays a tap).
 */
export function LineupBoard(props: LineupBoardProps) {
  const { t } = useTranslation();
  const { positions, players, selectedId, onSelect, onPlace, readOnly = false } = props;
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 8 } }));
  const byPosition = new Map(
    players.filter((p) => p.position !== null).map((p) => [p.position!, p]),
  );
  const bench = players.filter(
    (p) => p.position === null || !positionKeys(positions).has(p.position),
  );
  const selected = players.find((p) => p.profileId === selectedId) ?? null;

  useEffect(() => {
    if (selectedId === null) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onSelect(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [selectedId, onSelect]);

  /** A tap on a player (on the field or the bench). */
  const tapPlayer = (player: BoardPlayer) => {
    if (readOnly) return;
    if (selected === null) return onSelect(player.profileId);
    if (selected.profileId === player.profileId) return onSelect(null);
    if (player.position !== null && byPosition.get(player.position) === player) {
      // Onto a taken place: the selected player takes it (a swap or a substitution).
      onPlace(selected.profileId, { position: player.position });
    } else if (selected.position !== null && byPosition.get(selected.position) === selected) {
      // A bench player tapped with a field player selected: the bench player comes on there.
      onPlace(player.profileId, { position: selected.position });
    } else {
      return onSelect(player.profileId);
    }
    onSelect(null);
  };
  const tapPlace = (position: string) => {
    if (readOnly || selected === null) return;
    onPlace(selected.profileId, { position });
    onSelect(null);
  };
  const tapBench = () => {
    if (readOnly || selected === null || selected.position === null) return;
    onPlace(selected.profileId, { bench: true });
    onSelect(null);
  };
  const onDragEnd = (event: DragEndEvent) => {
    const id = String(event.active.id);
    const over = event.over?.id === undefined ? null : String(event.over.id);
    if (over === null) return;
    if (over === 'bench') onPlace(id, { bench: true });
    else if (over.startsWith('place:')) onPlace(id, { position: over.slice('place:'.length) });
    onSelect(null);
  };

  const describe = (player: BoardPlayer, where: string) =>
    [
      player.name,
      player.shirtNumber === null
        ? null
        : t('eventMatch.board.shirt', { number: player.shirtNumber }),
      where,
      player.isCaptain ? t('eventMatch.board.captain') : null,
      player.playedMs === null
        ? null
        : t('eventMatch.board.minutes', { count: wholeMinutes(player.playedMs) }),
      player.unavailable ? t(`eventMatch.board.${player.unavailable}`) : null,
    ]
      .filter(Boolean)
      .join(', ');

  const board = (
    <div className="lineup-board">
      <div className="lineup-board__pitch" role="group" aria-label={t('eventMatch.board.pitch')}>
        <PitchMarkings />
        {positions.map((place) => {
          const player = byPosition.get(place.key);
          return (
            <div
              key={place.key}
              className="lineup-board__place"
              style={{ left: `${place.x * 100}%`, top: `${(1 - place.y) * 100}%` }}
            >
              <DropPlace id={`place:${place.key}`} disabled={readOnly}>
                {player ? (
                  <PlayerToken
                    player={player}
                    label={describe(player, place.label)}
                    isSelected={selectedId === player.profileId}
                    isTarget={selected !== null && selected !== player}
                    readOnly={readOnly}
                    onTap={() => tapPlayer(player)}
                  />
                ) : (
                  <button
                    type="button"
                    className="lineup-board__empty"
                    aria-label={t('eventMatch.board.emptyPlace', { place: place.label })}
                    disabled={readOnly}
                    onClick={() => tapPlace(place.key)}
                  >
                    {place.key}
                  </button>
                )}
              </DropPlace>
            </div>
          );
        })}
      </div>
      <Stack
        gap="xs"
        className="lineup-board__bench"
        component="section"
        aria-label={props.benchTitle}
      >
        <Group justify="space-between" gap="xs">
          <Text fw={600}>{props.benchTitle}</Text>
          {!readOnly && selected !== null && selected.position !== null && (
            <Button size="xs" variant="light" onClick={tapBench}>
              {t('eventMatch.board.toBench', { name: firstName(selected.name) })}
            </Button>
          )}
        </Group>
        <DropPlace id="bench" disabled={readOnly}>
          {bench.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('eventMatch.board.benchEmpty')}
            </Text>
          ) : (
            <ul className="lineup-board__bench-list">
              {bench.map((player) => (
                <li key={player.profileId}>
                  <PlayerToken
                    player={player}
                    label={describe(player, props.benchTitle)}
                    isSelected={selectedId === player.profileId}
                    isTarget={selected !== null && selected !== player}
                    readOnly={readOnly || player.unavailable !== null}
                    onTap={() => tapPlayer(player)}
                    isBench
                  />
                </li>
              ))}
            </ul>
          )}
        </DropPlace>
        {props.footer}
      </Stack>
    </div>
  );
  return (
    <DndContext sensors={sensors} onDragEnd={onDragEnd}>
      {board}
    </DndContext>
  );
}

function positionKeys(positions: readonly FormatPosition[]): Set<string> {
  return new Set(positions.map((p) => p.key));
}

/** A drop target of the drag layer (a place, or the bench). */
function DropPlace({
  id,
  disabled,
  children,
}: {
  id: string;
  disabled: boolean;
  children: ReactNode;
}) {
  const { setNodeRef, isOver } = useDroppable({ id, disabled });
  return (
    <div ref={setNodeRef} className="lineup-board__drop" data-over={isOver || undefined}>
      {children}
    </div>
  );
}

/** One player's button: shirt number (or initial) in a disc, first name and minutes under it. */
function PlayerToken(props: {
  player: BoardPlayer;
  label: string;
  isSelected: boolean;
  isTarget: boolean;
  readOnly: boolean;
  onTap: () => void;
  isBench?: boolean;
}) {
  const { player } = props;
  const { setNodeRef, listeners, transform, isDragging } = useDraggable({
    id: player.profileId,
    disabled: props.readOnly,
  });
  return (
    <button
      ref={setNodeRef}
      type="button"
      className={
        props.isBench ? 'lineup-board__token lineup-board__token--bench' : 'lineup-board__token'
      }
      aria-label={props.label}
      aria-pressed={props.readOnly ? undefined : props.isSelected}
      data-target={props.isTarget || undefined}
      data-unavailable={player.unavailable ?? undefined}
      data-dragging={isDragging || undefined}
      style={transform ? { transform: `translate(${transform.x}px, ${transform.y}px)` } : undefined}
      {...(props.readOnly ? {} : listeners)}
      onClick={props.onTap}
    >
      <span className="lineup-board__disc" aria-hidden="true">
        {player.shirtNumber ?? firstName(player.name).slice(0, 1)}
        {player.isCaptain && <span className="lineup-board__armband">C</span>}
      </span>
      <span className="lineup-board__name" aria-hidden="true">
        {firstName(player.name)}
      </span>
      {player.playedMs !== null && (
        <span className="lineup-board__minutes" aria-hidden="true">
          {wholeMinutes(player.playedMs)}&prime;
        </span>
      )}
    </button>
  );
}

/** The pitch's lines (a 68 x 105 field, our goal at the bottom). */
function PitchMarkings() {
  return (
    <svg className="lineup-board__lines" viewBox="0 0 68 105" aria-hidden="true" focusable="false">
      <rect x="1" y="1" width="66" height="103" />
      <line x1="1" y1="52.5" x2="67" y2="52.5" />
      <circle cx="34" cy="52.5" r="9.15" />
      <rect x="13.85" y="1" width="40.3" height="16.5" />
      <rect x="13.85" y="87.5" width="40.3" height="16.5" />
      <rect x="24.85" y="1" width="18.3" height="5.5" />
      <rect x="24.85" y="98.5" width="18.3" height="5.5" />
    </svg>
  );
}
