import type { MatchFormat, MatchFormatFields } from '@rally/shared/matches';
import type { FormArrayElement, UseFormReturnType } from '@mantine/form';
import {
  ActionIcon,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NumberInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PitchPreview } from './pitch-preview';

/**
 * A format position as the form edits it (DESIGN.md §9 `match_formats`):
 * x and y in percent (0..100; '' while an input is empty), `rowId` only keys the row.
 */
export interface PositionValues {
  rowId: string;
  key: string;
  label: string;
  x: number | string;
  y: number | string;
  isGoalkeeper: boolean;
}

/**
 * A match format editor's values (DESIGN.md §9): periods and minutes as
 * typed, the minimum playing share in percent (0..100), positions in percent.
 */
export interface FormatValues {
  name: string;
  periods: number | string;
  periodMinutes: number | string;
  minShare: number | string;
  positions: PositionValues[];
}

/** The fields of a position (form paths `positions.<index>.<part>`, as `matchFormatFieldsSchema` names them, DESIGN.md §9). */
export const POSITION_PARTS = ['key', 'label', 'x', 'y', 'isGoalkeeper'] as const;

// The limits of `matchFormatFieldsSchema` (@rally/shared/matches), repeated
// for the inputs' bounds only: importing them would put zod in this chunk, and
// the schema itself (loaded on submit) still checks them.
/** At most this many players (so positions) on the field. */
export const MAX_PLAYERS_ON_FIELD = 11;
/** At most this many periods. */
export const MAX_PERIODS = 4;
/** At most this many minutes per period. */
export const MAX_PERIOD_MINUTES = 60;

/** Every form path a format issue may land on: its own fields and each position's. */
export const FORMAT_FIELDS = [
  'name',
  'periods',
  'periodMinutes',
  'minShare',
  'positions',
  ...positionPaths(),
];

/** `positions.<index>.<part>` for every index and part, prefixed with `prefix`. */
export function positionPaths(prefix = ''): string[] {
  return Array.from({ length: MAX_PLAYERS_ON_FIELD }, (_, index) =>
    POSITION_PARTS.map((part) => `${prefix}positions.${index}.${part}`),
  ).flat();
}

let nextRowId = 0;
const newRowId = () => `position-${++nextRowId}`;
const toPercent = (fraction: number) => Math.round(fraction * 100);

/** A format as the form edits it, named `name` (percent for the share and places). */
export function formatValuesOf(
  format: MatchFormatFields | MatchFormat,
  name: string,
): FormatValues {
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

/** The format of the form's values (DESIGN.md §9): one player on the field per position. */
export function formatBody(values: FormatValues): MatchFormatFields {
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
 * The form paths of the format's number fields left empty (periods, minutes,
 * the minimum share, a position's place), where `formatBody` would read 0:
 * each gets a "required" error rather than a silent 0.
 */
export function requiredFormatFields(values: FormatValues): string[] {
  const isEmpty = (value: number | string) => value === '';
  return [
    ...(['periods', 'periodMinutes', 'minShare'] as const).filter((field) =>
      isEmpty(values[field]),
    ),
    ...values.positions.flatMap((position, index) =>
      (['x', 'y'] as const)
        .filter((part) => isEmpty(position[part]))
        .map((part) => `positions.${index}.${part}`),
    ),
  ];
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

/** Props of {@link FormatPositionsEditor}. */
export interface FormatPositionsEditorProps<Values extends FormatValues> {
  /** The form whose `positions` (and their `positions.<index>.<part>` fields) are edited. */
  form: UseFormReturnType<Values>;
}

/**
 * A format's positions as a form edits them (DESIGN.md §9,
 * docs/decisions/030 "Formats"): the read-only pitch preview beside one
 * {@link FormatPositionFields} per position, "Add position" (up to 11), and
 * the list's own error (e.g. one position per player). Used by the org's
 * format editor and by a match's details (its own copy of the format).
 */
export function FormatPositionsEditor<Values extends FormatValues>({
  form,
}: FormatPositionsEditorProps<Values>) {
  const { t } = useTranslation();
  // Two editors can be open at once: each names its own list.
  const titleId = useId();
  const positions = form.values.positions;
  const addPosition = () => {
    const { key, number } = freeKey(positions);
    const added: PositionValues = {
      rowId: newRowId(),
      key,
      label: t('matchFormats.positionDefault', { number }),
      ...defaultPlace(positions.length),
      isGoalkeeper: false,
    };
    // `Values` extends FormatValues, so its positions are PositionValues.
    form.insertListItem('positions', added as FormArrayElement<Values, 'positions'>);
  };
  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Text fw={600} id={titleId}>
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
  );
}

/** Props of {@link FormatPositionFields}. */
export interface FormatPositionFieldsProps<Values extends FormatValues> {
  /** The position's index in `form.values.positions` (shown as "Position index + 1"). */
  index: number;
  /** The form holding the position. */
  form: UseFormReturnType<Values>;
  /** False for the last position: a format has at least one. */
  canRemove: boolean;
}

/**
 * One position of a format's editor (DESIGN.md §9): label, key, its place
 * (x across, y up from our goal, in percent: the non-drag way WCAG 2.2 SC
 * 2.5.7 asks for), the goalkeeper tick and "Remove", grouped under
 * "Position n" so each field's name is unambiguous to a screen reader.
 */
export function FormatPositionFields<Values extends FormatValues>({
  index,
  form,
  canRemove,
}: FormatPositionFieldsProps<Values>) {
  const { t } = useTranslation();
  const number = index + 1;
  const path = (part: (typeof POSITION_PARTS)[number]) => `positions.${index}.${part}`;
  return (
    <Fieldset legend={t('matchFormats.position', { number })} p="xs">
      <Group gap="xs" align="flex-start" wrap="wrap">
        <TextInput
          label={t('matchFormats.label')}
          required
          maxLength={40}
          style={{ flex: '1 1 160px' }}
          {...form.getInputProps(path('label'))}
        />
        <TextInput
          label={t('matchFormats.key')}
          description={t('matchFormats.keyHint')}
          required
          maxLength={6}
          w={110}
          autoCapitalize="characters"
          spellCheck={false}
          {...form.getInputProps(path('key'))}
        />
        {(['x', 'y'] as const).map((part) => (
          <NumberInput
            key={part}
            label={t(`matchFormats.${part}`)}
            min={0}
            max={100}
            clampBehavior="strict"
            allowDecimal={false}
            allowNegative={false}
            w={110}
            {...form.getInputProps(path(part))}
          />
        ))}
      </Group>
      <Group justify="space-between" mt="xs">
        <Checkbox
          label={t('matchFormats.goalkeeper')}
          {...form.getInputProps(path('isGoalkeeper'), { type: 'checkbox' })}
        />
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          aria-label={t('matchFormats.removePosition', { number })}
          disabled={!canRemove}
          onClick={() => form.removeListItem('positions', index)}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </Fieldset>
  );
}
