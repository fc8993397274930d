import type { MatchFormat, MatchVenue, MatchView, SaveMatchDetails } from '@rally/shared/matches';
import {
  Button,
  Fieldset,
  Group,
  NativeSelect,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { matchFormatsQueryOptions, useSaveMatchDetails } from '../api';
import {
  FormatPositionsEditor,
  formatBody,
  formatValuesOf,
  MAX_PERIOD_MINUTES,
  MAX_PERIODS,
  positionPaths,
  type FormatValues,
} from './format-position-fields';

const loadSchema = () =>
  import('@rally/shared/matches').then((module) => module.saveMatchDetailsSchema);

/** The details form's values: the match's own fields and its copy of the format (percent). */
interface DetailsValues extends FormatValues {
  opponent: string;
  venue: MatchVenue;
  competition: string;
  formatId: string | null;
}

const valuesOf = (view: MatchView): DetailsValues => ({
  opponent: view.opponent,
  venue: view.venue,
  competition: view.competition,
  formatId: view.formatId,
  ...formatValuesOf(view.format, view.format.name),
});

/** Every field a server issue may land on (`format.` paths through {@link FIELD_OF}). */
const FIELDS = [
  'opponent',
  'venue',
  'competition',
  'formatId',
  'periods',
  'periodMinutes',
  'minShare',
  'positions',
  ...positionPaths(),
];

/** Issue path (`saveMatchDetailsSchema`) -> form field. */
const FIELD_OF: Record<string, string> = {
  'format.name': 'formatId',
  'format.periods': 'periods',
  'format.periodMinutes': 'periodMinutes',
  'format.minPlayShare': 'minShare',
  'format.playersOnField': 'positions',
  'format.positions': 'positions',
  ...Object.fromEntries(positionPaths().map((path) => [`format.${path}`, path])),
};

/**
 * The match details (DESIGN.md §9): opponent, home/away/neutral,
 * competition and the format, picked from the organisation's templates
 * ("7v7 U10") and adjustable for this match: periods, their minutes, the
 * minimum playing share, and (under "Positions for this match") the
 * positions with their places on the pitch. The match keeps its own copy,
 * so the template does not change (docs/decisions/030 "Formats"). Checked
 * with `saveMatchDetailsSchema` before sending; the server's field issues
 * land on their fields (a starter at a removed position on the positions).
 * Once the match kicked off its format is fixed.
 */
export function MatchDetailsForm({ view, onSaved }: { view: MatchView; onSaved?: () => void }) {
  const { t } = useTranslation();
  const formats = useQuery(matchFormatsQueryOptions(view.orgId));
  const save = useSaveMatchDetails(view.programId, view.eventId);
  const isKickedOff = view.status === 'live' || view.status === 'finished';
  const [isEditingPositions, setEditingPositions] = useState(false);
  const positionsId = useId();
  const { form, formProps, formError } = useSchemaForm({
    initialValues: valuesOf(view),
    toBody: (values): SaveMatchDetails => ({
      opponent: values.opponent,
      venue: values.venue,
      competition: values.competition,
      formatId: values.formatId,
      format: formatBody(values),
      version: view.version,
    }),
    loadSchema,
    fields: FIELDS,
    fieldOf: FIELD_OF,
    mutation: save,
    savedValues: (saved) => valuesOf(saved),
    notice: () => t('eventMatch.details.saved'),
    onSuccess: () => onSaved?.(),
  });
  const values = form.values;

  const chooseFormat = (id: string) => {
    const chosen = formats.data?.formats.find((f) => f.id === id);
    if (!chosen) return;
    form.setValues({ formatId: chosen.id, ...formatValuesOf(chosen, chosen.name) });
    form.clearErrors();
  };
  const options = (formats.data?.formats ?? []).map((f: MatchFormat) => ({
    value: f.id,
    label: f.name,
  }));
  // This match's own copy: a template since deleted, or none.
  if (!options.some((o) => o.value === (values.formatId ?? ''))) {
    options.push({ value: values.formatId ?? '', label: values.name });
  }
  // A position issue from the server is only seen with the positions open.
  const hasPositionError = Object.keys(form.errors).some((path) => path.startsWith('positions'));
  const showsPositions = !isKickedOff && (isEditingPositions || hasPositionError);
  return (
    <form {...formProps}>
      <Stack gap="sm">
        <TextInput
          label={t('eventMatch.details.opponent')}
          maxLength={100}
          {...form.getInputProps('opponent')}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="match-venue-label">
            {t('eventMatch.details.venue')}
          </Text>
          <SegmentedControl
            aria-labelledby="match-venue-label"
            data={(['home', 'away', 'neutral'] as const).map((v) => ({
              value: v,
              label: t(`eventMatch.venue.${v}`),
            }))}
            value={values.venue}
            onChange={(value) => form.setFieldValue('venue', value as MatchVenue)}
          />
        </Stack>
        <TextInput
          label={t('eventMatch.details.competition')}
          placeholder={t('eventMatch.details.competitionPlaceholder')}
          maxLength={100}
          {...form.getInputProps('competition')}
        />
        <Fieldset legend={t('eventMatch.details.format')} disabled={isKickedOff} variant="unstyled">
          <Stack gap="sm">
            {/* The phone's own picker; also keeps the overlays' chunk off this form. */}
            <NativeSelect
              label={t('eventMatch.details.formatTemplate')}
              description={
                isKickedOff
                  ? t('eventMatch.details.formatFixed')
                  : t('eventMatch.details.formatTemplateHint')
              }
              data={options}
              value={values.formatId ?? ''}
              onChange={(event) => chooseFormat(event.currentTarget.value)}
              disabled={isKickedOff || formats.isPending}
              error={form.errors.formatId}
            />
            <SimpleGrid cols={3} spacing="xs">
              <NumberInput
                label={t('eventMatch.details.periods')}
                min={1}
                max={MAX_PERIODS}
                allowDecimal={false}
                {...form.getInputProps('periods')}
              />
              <NumberInput
                label={t('eventMatch.details.periodMinutes')}
                min={1}
                max={MAX_PERIOD_MINUTES}
                allowDecimal={false}
                {...form.getInputProps('periodMinutes')}
              />
              <NumberInput
                label={t('eventMatch.details.minShare')}
                min={0}
                max={100}
                suffix="%"
                allowDecimal={false}
                {...form.getInputProps('minShare')}
              />
            </SimpleGrid>
            <Text size="sm" c="dimmed">
              {t('eventMatch.details.formatSummary', {
                players: values.positions.length,
                periods: values.periods,
                minutes: values.periodMinutes,
              })}
            </Text>
            {!isKickedOff && (
              <Button
                variant="default"
                size="sm"
                aria-expanded={showsPositions}
                aria-controls={positionsId}
                onClick={() => setEditingPositions(!showsPositions)}
                style={{ alignSelf: 'flex-start' }}
              >
                {showsPositions
                  ? t('eventMatch.details.hidePositions')
                  : t('eventMatch.details.editPositions')}
              </Button>
            )}
            <div id={positionsId} hidden={!showsPositions}>
              {showsPositions && (
                <Stack gap="xs">
                  <Text size="sm" c="dimmed">
                    {t('eventMatch.details.positionsHint')}
                  </Text>
                  <FormatPositionsEditor form={form} />
                </Stack>
              )}
            </div>
          </Stack>
        </Fieldset>
        {formError !== null && <ErrorAlert error={formError} />}
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('eventMatch.details.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
