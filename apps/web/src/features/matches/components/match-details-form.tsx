import type { MatchFormat, MatchFormatFields, MatchVenue, MatchView } from '@rally/shared/matches';
import {
  Button,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { notify } from '../../../lib/notify';
import { matchFormatsQueryOptions, useSaveMatchDetails } from '../api';

const toFields = (format: MatchFormat | MatchFormatFields): MatchFormatFields => ({
  name: format.name,
  playersOnField: format.playersOnField,
  periods: format.periods,
  periodMinutes: format.periodMinutes,
  minPlayShare: format.minPlayShare,
  positions: format.positions.map((p) => ({ ...p })),
});

/**
 * The match details (DESIGN.md §9): opponent, home/away/neutral,
 * competition and the format, picked from the organisation's templates
 * ("7v7 U10") and adjustable for this match (periods, their minutes, the
 * minimum playing share). Once the match kicked off its format is fixed.
 */
export function MatchDetailsForm({ view, onSaved }: { view: MatchView; onSaved?: () => void }) {
  const { t } = useTranslation();
  const formats = useQuery(matchFormatsQueryOptions(view.orgId));
  const save = useSaveMatchDetails(view.programId, view.eventId);
  const [opponent, setOpponent] = useState(view.opponent);
  const [venue, setVenue] = useState<MatchVenue>(view.venue);
  const [competition, setCompetition] = useState(view.competition);
  const [formatId, setFormatId] = useState<string | null>(view.formatId);
  const [format, setFormat] = useState<MatchFormatFields>(toFields(view.format));
  const isKickedOff = view.status === 'live' || view.status === 'finished';

  const chooseFormat = (id: string | null) => {
    const chosen = formats.data?.formats.find((f) => f.id === id);
    if (!chosen) return;
    setFormatId(chosen.id);
    setFormat(toFields(chosen));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { opponent, venue, competition, formatId, format, version: view.version },
      {
        onSuccess: () => {
          notify(t('eventMatch.details.saved'));
          onSaved?.();
        },
      },
    );
  };
  const options = (formats.data?.formats ?? []).map((f) => ({ value: f.id, label: f.name }));
  if (formatId !== null && !options.some((o) => o.value === formatId)) {
    options.push({ value: formatId, label: format.name });
  }
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('eventMatch.details.opponent')}
          value={opponent}
          maxLength={100}
          onChange={(e) => setOpponent(e.currentTarget.value)}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="match-venue-label">
            {t('eventMatch.details.venue')}
          </Text>
          <SegmentedControl
            aria-labelledby="match-venue-label"
            value={venue}
            onChange={(value) => setVenue(value as MatchVenue)}
            data={(['home', 'away', 'neutral'] as const).map((v) => ({
              value: v,
              label: t(`eventMatch.venue.${v}`),
            }))}
          />
        </Stack>
        <TextInput
          label={t('eventMatch.details.competition')}
          placeholder={t('eventMatch.details.competitionPlaceholder')}
          value={competition}
          maxLength={100}
          onChange={(e) => setCompetition(e.currentTarget.value)}
        />
        <Select
          label={t('eventMatch.details.format')}
          description={isKickedOff ? t('eventMatch.details.formatFixed') : undefined}
          data={options}
          value={formatId}
          onChange={chooseFormat}
          disabled={isKickedOff || formats.isPending}
          allowDeselect={false}
        />
        <SimpleGrid cols={3} spacing="xs">
          <NumberInput
            label={t('eventMatch.details.periods')}
            value={format.periods}
            min={1}
            max={4}
            disabled={isKickedOff}
            onChange={(v) => setFormat({ ...format, periods: Number(v) || 1 })}
          />
          <NumberInput
            label={t('eventMatch.details.periodMinutes')}
            value={format.periodMinutes}
            min={1}
            max={60}
            disabled={isKickedOff}
            onChange={(v) => setFormat({ ...format, periodMinutes: Number(v) || 1 })}
          />
          <NumberInput
            label={t('eventMatch.details.minShare')}
            value={Math.round(format.minPlayShare * 100)}
            min={0}
            max={100}
            suffix="%"
            disabled={isKickedOff}
            onChange={(v) =>
              setFormat({
                ...format,
                minPlayShare: Math.min(100, Math.max(0, Number(v) || 0)) / 100,
              })
            }
          />
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          {t('eventMatch.details.formatSummary', {
            players: format.playersOnField,
            periods: format.periods,
            minutes: format.periodMinutes,
          })}
        </Text>
        {save.error !== null && <ErrorAlert error={save.error} />}
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('eventMatch.details.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
