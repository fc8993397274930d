import type { MatchFormat, MatchFormatFields } from '@rally/shared/matches';
import { Button, Group, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { useSchemaForm, type FormMutation } from '../../../lib/use-schema-form';
import {
  FORMAT_FIELDS,
  FormatPositionsEditor,
  formatBody,
  formatValuesOf,
  MAX_PERIOD_MINUTES,
  MAX_PERIODS,
  requiredFormatFields,
} from './format-position-fields';

const loadSchema = () =>
  import('@rally/shared/matches').then((module) => module.matchFormatFieldsSchema);

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
  const { form, formProps, formError } = useSchemaForm({
    initialValues: formatValuesOf(initial, initialName),
    toBody: (values, form) => {
      const empty = requiredFormatFields(values);
      for (const path of empty) form.setFieldError(path, t('matchFormats.required'));
      return empty.length > 0 ? null : formatBody(values);
    },
    loadSchema,
    fields: FORMAT_FIELDS,
    fieldOf: { minPlayShare: 'minShare', playersOnField: 'positions' },
    mutation,
    notice,
    onSuccess: onDone,
  });
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
            allowNegative={false}
            {...form.getInputProps('minShare')}
          />
        </SimpleGrid>
        <FormatPositionsEditor form={form} />
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
