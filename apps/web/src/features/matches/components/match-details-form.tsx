import type { MatchFormat, MatchVenue, MatchView, SaveMatchDetails } from '@rally/shared/matches';
import {
  Alert,
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
import { useEffect, useId, useState } from 'react';
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
  requiredFormatFields,
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

/** What a save of the details would change, as one comparable string. */
const detailsKey = (view: MatchView) =>
  JSON.stringify([view.opponent, view.venue, view.competition, view.formatId, view.format]);

const valuesOf = (view: MatchView): DetailsValues => ({
  opponent: view.opponent,
  venue: view.venue,
  competition: view.competition,
  formatId: view.formatId,
  ...formatValuesOf(view.format, view.format.name),
});

/**
 * Every field a server issue may land on (`format.` paths through
 * {@link FIELD_OF}); the venue control shows no error, so its issues go to the alert.
 */
const FIELDS = [
  'opponent',
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

/** Props of {@link MatchDetailsForm}. */
export interface MatchDetailsFormProps {
  /** The match as the server answered it (kept fresh by realtime). */
  view: MatchView;
  /** After a save. */
  onSaved?: () => void;
}

/**
 * The match details (DESIGN.md §9): opponent, home/away/neutral,
 * competition and the format, picked from the organisation's templates
 * ("7v7 U10") and adjustable for this match: periods, their minutes, the
 * minimum playing share, and (under "Edit positions for this match") the
 * positions with their places on the pitch. The match keeps its own copy,
 * so the template does not change (docs/decisions/030 "Formats"). Checked
 * with `saveMatchDetailsSchema` before sending; the server's field issues
 * land on their fields (a starter at a removed position on the positions).
 * Once the match kicked off its format is sent as stored. A save names the
 * version its values came from: another device's change to the details
 * shows a note with "Load their changes" rather than being overwritten.
 */
export function MatchDetailsForm({ view, onSaved }: MatchDetailsFormProps) {
  const { t } = useTranslation();
  const formats = useQuery(matchFormatsQueryOptions(view.orgId));
  const save = useSaveMatchDetails(view.programId, view.eventId);
  const isKickedOff = view.status === 'live' || view.status === 'finished';
  const [isEditingPositions, setEditingPositions] = useState(false);
  const positionsId = useId();
  // The view the form's values come from: its version is what a save names,
  // so a save never overwrites details it has not seen (409 instead).
  const [base, setBase] = useState(view);
  const { form, formProps, formError } = useSchemaForm({
    initialValues: valuesOf(view),
    toBody: (values, form): SaveMatchDetails | null => {
      const format = isKickedOff ? null : requiredFormatFields(values);
      if (format !== null && format.length > 0) {
        for (const path of format) form.setFieldError(path, t('matchFormats.required'));
        return null;
      }
      return {
        opponent: values.opponent,
        venue: values.venue,
        competition: values.competition,
        // Once kicked off, the format stays exactly as stored (the server refuses changes).
        formatId: isKickedOff ? base.formatId : values.formatId,
        format: isKickedOff ? base.format : formatBody(values),
        version: base.version,
      };
    },
    loadSchema,
    fields: FIELDS,
    fieldOf: FIELD_OF,
    mutation: save,
    savedValues: (saved) => {
      setBase(saved);
      return valuesOf(saved);
    },
    notice: () => t('eventMatch.details.saved'),
    onSuccess: () => onSaved?.(),
  });
  const values = form.values;
  const isDirty = form.isDirty();

  // Another device's write (realtime): an untouched form takes it; an edited
  // one keeps its values, and moves on too when the details it edits are the
  // same (a squad save bumps the version); otherwise it says so below.
  // (While our own save is under way, the new view is ours: wait for its answer.)
  const isBehind = view.version !== base.version && !save.isPending;
  const hasOtherDetails = isBehind && detailsKey(view) !== detailsKey(base);
  /** The form starts over from `view` (another device's details). */
  const takeTheirs = () => {
    form.setInitialValues(valuesOf(view));
    form.setValues(valuesOf(view));
    form.clearErrors();
    setBase(view);
  };
  useEffect(() => {
    if (!isBehind) return;
    if (!isDirty) takeTheirs();
    else if (!hasOtherDetails) setBase(view);
    // `form` (in takeTheirs) is a new object each render: the view and the
    // form's dirtiness decide when this runs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view, isBehind, isDirty, hasOtherDetails]);

  // A position issue (ours or the server's) shows with the positions open.
  const positionErrors = Object.keys(form.errors).filter((path) => path.startsWith('positions'));
  useEffect(() => {
    if (positionErrors.length > 0) setEditingPositions(true);
  }, [positionErrors.length]);
  const showsPositions = !isKickedOff && isEditingPositions;

  const chooseFormat = (id: string) => {
    const chosen = formats.data?.formats.find((f) => f.id === id);
    const next = chosen
      ? { formatId: chosen.id, ...formatValuesOf(chosen, chosen.name) }
      : // The match's own copy, as it is stored.
        { formatId: base.formatId, ...formatValuesOf(base.format, base.format.name) };
    form.setValues(next);
    for (const path of Object.keys(form.errors)) {
      if (path !== 'opponent' && path !== 'competition') form.clearFieldError(path);
    }
  };
  const options = (formats.data?.formats ?? []).map((f: MatchFormat) => ({
    value: f.id,
    label: f.name,
  }));
  // The match's stored copy when it is no template of the org (deleted, or none).
  const ownValue = base.formatId ?? '';
  if (!options.some((o) => o.value === ownValue)) {
    options.push({
      value: ownValue,
      label: t('eventMatch.details.ownFormat', { name: base.format.name }),
    });
  }
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
              value={values.formatId ?? ownValue}
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
                disabled={isKickedOff}
                {...form.getInputProps('periods')}
              />
              <NumberInput
                label={t('eventMatch.details.periodMinutes')}
                min={1}
                max={MAX_PERIOD_MINUTES}
                allowDecimal={false}
                disabled={isKickedOff}
                {...form.getInputProps('periodMinutes')}
              />
              <NumberInput
                label={t('eventMatch.details.minShare')}
                min={0}
                max={100}
                suffix="%"
                allowDecimal={false}
                allowNegative={false}
                disabled={isKickedOff}
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
                onClick={() => setEditingPositions((open) => !open)}
                style={{ alignSelf: 'flex-start' }}
              >
                {t('eventMatch.details.editPositions')}
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
        {hasOtherDetails && isDirty && (
          <Alert color="yellow" title={t('eventMatch.details.changedTitle')}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('eventMatch.details.changedBody')}</Text>
              <Button size="xs" variant="default" onClick={takeTheirs}>
                {t('eventMatch.details.takeTheirs')}
              </Button>
            </Stack>
          </Alert>
        )}
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
