import type { UseFormReturnType } from '@mantine/form';
import { ActionIcon, Checkbox, Fieldset, Group, NumberInput, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

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

/**
 * One position of a format's editor (DESIGN.md §9): label, key, its place
 * (x across, y up from our goal, in percent: the non-drag way WCAG 2.2 SC
 * 2.5.7 asks for), the goalkeeper tick and "Remove", grouped under
 * "Position n" so each field's name is unambiguous to a screen reader.
 */
export function FormatPositionFields({
  index,
  form,
  canRemove,
}: {
  index: number;
  form: UseFormReturnType<FormatValues>;
  canRemove: boolean;
}) {
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
        <NumberInput
          label={t('matchFormats.x')}
          min={0}
          max={100}
          clampBehavior="strict"
          allowDecimal={false}
          w={110}
          {...form.getInputProps(path('x'))}
        />
        <NumberInput
          label={t('matchFormats.y')}
          min={0}
          max={100}
          clampBehavior="strict"
          allowDecimal={false}
          w={110}
          {...form.getInputProps(path('y'))}
        />
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
