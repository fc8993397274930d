import type { MatchFormat, MatchFormatFields } from '@rally/shared/matches';
import { Button, Group, NumberInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { useSchemaForm, type FormMutation } from '../../../lib/use-schema-form';
import {
  FormatPositionFields,
  POSITION_PARTS,
  type FormatValues,
  type PositionValues,
} from './format-position-fields';
import { PitchPreview } from './pitch-preview';

const loadSchema = () =>
  import('@rally/shared/matches').then((module) => module.matchFormatFieldsSchema);

// The limits of `matchFormatFieldsSchema` (@rally/shared/matches), repeated
// for the inputs' bounds only: importing them would put zod in this chunk, and
// the schema itself (loaded on submit) still checks them.
const MAX_PLAYERS_ON_FIELD = 11;
const MAX_PERIODS = 4;
const MAX_PERIOD_MINUTES = 60;

/** Every form field a server issue may land on, position fields included. */
const FIELDS = [
  'name',
  'periods',
  'periodMinutes',
  'minShare',
  'positions',
  ...Array.from({ length: MAX_PLAYERS_ON_FIELD }, (_, index) =>
    POSITION_PARTS.map((part) => `positions.${index}.${part}`),
  ).flat(),
];

let nextRowId = 0;
const newRowId = () => `position-${++nextRowId}`;
const toPercent = (fraction: number) => Math.round(fraction * 100);

function valuesOf(format: MatchFormatFields | MatchFormat, name: string): FormatValues {
  return {
    name,
    periods: format.periods,
    periodMinutes: format.periodMinutes,
    minShare: toPercent(format.minPlayShare),
    positions: format.positions.map((p) => ({
      rowId: newRowId(),
      key: p.key,
      label: p.label,
      x: toPercent(p.x),
      y: toPercent(p.y),
      isGoalkeeper: p.isGoalkeeper,
    })),
  };
}

/** The request body of the form's values (DESIGN.md §9): one player on the field per position. */
function toBody(values: FormatValues): MatchFormatFields {
  return {
    name: values.name.trim(),
    playersOnField: values.positions.length,
    periods: Number(values.periods),
    periodMinutes: Number(values.periodMinutes),
    minPlayShare: Number(values.minShare) / 100,
    positions: values.positions.map((p) => ({
      key: p.key.trim().toUpperCase(),
      label: p.label.trim(),
      x: Number(p.x) / 100,
      y: Number(p.y) / 100,
      isGoalkeeper: p.isGoalkeeper,
    })),
  };
}

/**
 * Where an added position starts: along a line across the attacking half
 * (10 %, 30 % ... 90 % across, rows 10 % apart), to be nudged from there.
 */
function defaultPlace(index: number): { x: number; y: number } {
  return { x: 10 + (index % 5) * 20, y: Math.max(10, 85 - Math.floor(index / 5) * 10) };
}

/** The first `P1`, `P2` ... key no position uses yet. */
function freeKey(positions: readonly PositionValues[]): { key: string; number: number } {
  const used = new Set(positions.map((p) => p.key.trim().toUpperCase()));
  let number = positions.length + 1;
  while (used.has(`P${number}`)) number += 1;
  return { key: `P${number}`, number };
}

/** Props of {@link MatchFormatForm}. */
export interface MatchFormatFormProps {
  /** The format the form starts from (the one edited, or the base of a new one). */
  initial: MatchFormatFields | MatchFormat;
  /** The name the form starts with (empty or "… (copy)" for a new one). */
  initialName: string;
  /** Sends the body (create or update); its answer is the saved format. */
  mutation: FormMutation<MatchFormatFields, MatchFormat> & { isPending: boolean };
  /** The toast after a save. */
  notice: (saved: MatchFormat) => string;
  /** After a save, and on Cancel. */
  onDone: () => void;
}

/**
 * A match format's editor (DESIGN.md §9, docs/decisions/030 "Formats"):
 * name, periods, minutes per period, minimum playing share (%), and the
 * positions (label, key, place on the pitch in percent, goalkeeper tick),
 * one per player on the field, with a read-only pitch preview. Checked with
 * `matchFormatFieldsSchema` before sending (two goalkeepers, a repeated key);
 * the server's field issues land on their fields, anything else in an alert.
 */
export function MatchFormatForm({
  initial,
  initialName,
  mutation,
  notice,
  onDone,
}: MatchFormatFormProps) {
  const { t } = useTranslation();
  // An add form and an edit form can be open at once: each names its own list.
  const positionsTitleId = useId();
  const { form, formProps, formError } = useSchemaForm({
    initialValues: valuesOf(initial, initialName),
    toBody,
    loadSchema,
    fields: FIELDS,
    fieldOf: { minPlayShare: 'minShare', playersOnField: 'positions' },
    mutation,
    notice,
    onSuccess: onDone,
  });
  const positions = form.values.positions;

  const addPosition = () => {
    const { key, number } = freeKey(positions);
    form.insertListItem('positions', {
      rowId: newRowId(),
      key,
      label: t('matchFormats.positionDefault', { number }),
      ...defaultPlace(positions.length),
      isGoalkeeper: false,
    });
  };

  return (
    <form {...formProps}>
      <Stack gap="md">
        <TextInput
          label={t('matchFormats.name')}
          required
          maxLength={60}
          data-autofocus
          {...form.getInputProps('name')}
        />
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <NumberInput
            label={t('matchFormats.periods')}
            min={1}
            max={MAX_PERIODS}
            allowDecimal={false}
            required
            {...form.getInputProps('periods')}
          />
          <NumberInput
            label={t('matchFormats.periodMinutes')}
            min={1}
            max={MAX_PERIOD_MINUTES}
            allowDecimal={false}
            required
            {...form.getInputProps('periodMinutes')}
          />
          <NumberInput
            label={t('matchFormats.minShare')}
            description={t('matchFormats.minShareHint')}
            min={0}
            max={100}
            allowDecimal={false}
            {...form.getInputProps('minShare')}
          />
        </SimpleGrid>
        <Stack gap="xs" component="section" aria-labelledby={positionsTitleId}>
          <Text fw={600} id={positionsTitleId}>
            {t('matchFormats.positions')}
          </Text>
          <Text size="sm" c="dimmed">
            {t('matchFormats.positionsHint', { count: positions.length })}
          </Text>
          <Group align="flex-start" gap="md" wrap="wrap">
            <PitchPreview positions={positions} />
            <Stack gap="xs" style={{ flex: '1 1 280px', minWidth: 0 }}>
              {positions.map((position, index) => (
                <FormatPositionFields
                  key={position.rowId}
                  index={index}
                  form={form}
                  canRemove={positions.length > 1}
                />
              ))}
              {typeof form.errors.positions === 'string' && (
                <Text size="sm" c="red" role="alert">
                  {form.errors.positions}
                </Text>
              )}
              <Button
                variant="default"
                size="sm"
                onClick={addPosition}
                disabled={positions.length >= MAX_PLAYERS_ON_FIELD}
                style={{ alignSelf: 'flex-start' }}
              >
                {t('matchFormats.addPosition')}
              </Button>
            </Stack>
          </Group>
        </Stack>
        {formError !== null && <ErrorAlert error={formError} />}
        <Group gap="xs">
          <Button type="submit" loading={mutation.isPending}>
            {t('matchFormats.save')}
          </Button>
          <Button variant="default" onClick={onDone} disabled={mutation.isPending}>
            {t('actions.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
