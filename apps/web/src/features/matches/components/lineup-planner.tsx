import type { MatchView } from '@rally/shared/matches';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { notify } from '../../../lib/notify';
import { usePublishLineup, useSaveSquad } from '../api';
import {
  draftFromSquad,
  placePlayer,
  sameSquad,
  squadBody,
  suggestLineup,
  type DraftPlayer,
} from '../lineup-draft';
import { LineupBoard, type BoardPlayer } from './lineup-board';
import { SquadList } from './squad-list';

/** The board's players of a draft: starters at their places, the bench below. */
function boardPlayers(draft: readonly DraftPlayer[]): BoardPlayer[] {
  return draft
    .filter((p) => p.role !== 'not_selected')
    .map((p) => ({
      profileId: p.profileId,
      name: p.displayName,
      shirtNumber: p.shirtNumber,
      position: p.role === 'starter' ? p.position : null,
      playedMs: null,
      isCaptain: p.isCaptain,
      unavailable: null,
    }));
}

/**
 * Picking the squad before kick-off (DESIGN.md §9): the board (tap a player,
 * tap a place; drag where a pointer allows), the roster with RSVPs and
 * roles, "Suggest lineup" (available players owed most minutes start), then
 * save and publish to the squad's families. Changes after publishing are
 * flagged until published again.
 */
export function LineupPlanner({ view }: { view: MatchView }) {
  const { t } = useTranslation();
  const saved = useMemo(() => draftFromSquad(view.squad), [view.squad]);
  // The coach's unsaved edits; without any, the server's squad (a newer one
  // from another coach, through realtime, shows at once).
  const [edits, setDraft] = useState<DraftPlayer[] | null>(null);
  const draft = edits ?? saved;
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const save = useSaveSquad(view.programId, view.eventId);
  const publish = usePublishLineup(view.programId, view.eventId);
  const isDirty = edits !== null && !sameSquad(edits, saved);
  const isStartersFixed = view.status === 'live' || view.status === 'finished';
  const starters = draft.filter((p) => p.role === 'starter').length;
  const canPublish =
    !isDirty && starters > 0 && (view.publishedAt === null || view.isChangedSincePublish);

  return (
    <Stack gap="md">
      {view.publishedAt !== null && view.isChangedSincePublish && (
        <Alert color="yellow">{t('eventMatch.lineup.changedSincePublish')}</Alert>
      )}
      <Group gap="xs">
        <Button
          variant="light"
          onClick={() => setDraft(suggestLineup(draft, view.format))}
          disabled={isStartersFixed}
        >
          {t('eventMatch.lineup.suggest')}
        </Button>
        <Text size="sm" c="dimmed">
          {t('eventMatch.lineup.count', { count: starters, total: view.format.playersOnField })}
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        {t('eventMatch.lineup.howTo')}
      </Text>
      <LineupBoard
        positions={view.format.positions}
        players={boardPlayers(draft)}
        selectedId={selectedId}
        onSelect={setSelectedId}
        onPlace={(profileId, target) =>
          setDraft(placePlayer(draft, view.format, profileId, target))
        }
        readOnly={isStartersFixed}
        benchTitle={t('eventMatch.lineup.bench')}
      />
      {(save.error ?? publish.error) !== null && <ErrorAlert error={save.error ?? publish.error} />}
      <Group gap="xs">
        <Button
          onClick={() =>
            save.mutate(squadBody(draft, view.version), {
              onSuccess: () => {
                setDraft(null);
                notify(t('eventMatch.lineup.saved'));
              },
            })
          }
          disabled={!isDirty}
          loading={save.isPending}
        >
          {t('eventMatch.lineup.save')}
        </Button>
        {isDirty && (
          <Button variant="subtle" onClick={() => setDraft(null)}>
            {t('eventMatch.lineup.discard')}
          </Button>
        )}
        <Button
          variant="filled"
          color="green"
          disabled={!canPublish}
          loading={publish.isPending}
          onClick={() =>
            publish.mutate(undefined, {
              onSuccess: () => notify(t('eventMatch.lineup.published')),
            })
          }
        >
          {view.publishedAt === null
            ? t('eventMatch.lineup.publish')
            : t('eventMatch.lineup.publishAgain')}
        </Button>
      </Group>
      {view.publishedAt !== null && !view.isChangedSincePublish && (
        <Text size="sm" c="dimmed">
          {t('eventMatch.lineup.publishedNote')}
        </Text>
      )}
      <Stack gap="xs" component="section" aria-labelledby="match-squad-title">
        <Title order={2} size="h4" id="match-squad-title">
          {t('eventMatch.lineup.squadTitle')}
        </Title>
        <SquadList
          draft={draft}
          format={view.format}
          onChange={setDraft}
          isStartersFixed={isStartersFixed}
        />
      </Stack>
    </Stack>
  );
}
