import { Chip, Group, Input, NativeSelect, Radio, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { Weekday } from '@rally/shared/events';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  WEEKDAYS,
  describeRecurrence,
  monthlyPositionOf,
  ordinalName,
  weekdayName,
} from '../../../lib/recurrence-text';
import {
  firstDateOf,
  recurrenceOf,
  type EventFormValues,
  type RepeatEnd,
  type RepeatFrequency,
} from './event-form-values';

/** Weekday chips are 44 px tall tap targets (28 px by default; WCAG 2.2 SC 2.5.8, docs/decisions/021). */
const WEEKDAY_CHIP_STYLES = { label: { height: 44, lineHeight: '42px' } } as const;

const FREQUENCIES: readonly RepeatFrequency[] = ['none', 'daily', 'weekly', 'monthly'];
const ENDS: readonly RepeatEnd[] = ['never', 'until', 'count'];

/** Props of {@link RecurrenceFields}. */
export interface RecurrenceFieldsProps {
  /** The event form (its `repeat`, `interval`, `weekdays`, `monthlyBy`, `ends`, `until`, `count`). */
  form: UseFormReturnType<EventFormValues>;
}

/**
 * The "Repeats" section of the event form: does not repeat / daily / weekly
 * (day chips, defaulting to the start's weekday) / monthly (on day N or on
 * the Nth weekday, both read from the start date), every N days/weeks/months,
 * ending never, on a date or after N times, and a live one-line summary
 * ("Weekly on Mon and Wed, 10 times") announced politely to screen readers.
 */
export function RecurrenceFields({ form }: RecurrenceFieldsProps) {
  const { t, i18n } = useTranslation();
  const daysLabelId = useId();
  const values = form.getValues();
  const firstDate = firstDateOf(values);
  const recurrence = recurrenceOf(values);

  return (
    <Stack gap="sm">
      <NativeSelect
        label={t('eventForm.repeats')}
        data={FREQUENCIES.map((frequency) => ({
          value: frequency,
          label: t(`eventForm.frequency.${frequency}`),
        }))}
        {...form.getInputProps('repeat')}
      />
      {recurrence !== null && (
        <Stack
          gap="sm"
          pl="md"
          style={{ borderLeft: '2px solid var(--mantine-color-default-border)' }}
        >
          <TextInput
            label={t('eventForm.interval')}
            inputMode="numeric"
            maxLength={2}
            w={200}
            rightSection={
              <Text size="sm" c="dimmed" pr="xs">
                {intervalUnit(t, values.repeat, Number(values.interval) || 1)}
              </Text>
            }
            rightSectionWidth={80}
            {...form.getInputProps('interval')}
          />
          {values.repeat === 'weekly' && (
            <Input.Wrapper
              id={daysLabelId}
              label={t('eventForm.weekdays')}
              labelElement="div"
              error={form.errors.weekdays}
            >
              <Chip.Group
                multiple
                value={values.weekdays}
                onChange={(days) =>
                  form.setFieldValue(
                    'weekdays',
                    WEEKDAYS.filter((day) => days.includes(day)),
                  )
                }
              >
                <Group gap={6} mt={4} role="group" aria-labelledby={`${daysLabelId}-label`}>
                  {WEEKDAYS.map((day: Weekday) => (
                    <Chip
                      key={day}
                      value={day}
                      size="sm"
                      styles={WEEKDAY_CHIP_STYLES}
                      aria-label={weekdayName(day, i18n.language, 'long')}
                    >
                      {weekdayName(day, i18n.language)}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
            </Input.Wrapper>
          )}
          {values.repeat === 'monthly' && <MonthlyChoice form={form} firstDate={firstDate} />}
          <Radio.Group label={t('eventForm.repeatEnds')} {...form.getInputProps('ends')}>
            <Stack gap="xs" mt="xs">
              {ENDS.map((end) => (
                <Radio key={end} value={end} label={t(`eventForm.endsChoice.${end}`)} />
              ))}
            </Stack>
          </Radio.Group>
          {values.ends === 'until' && (
            <TextInput
              type="date"
              label={t('eventForm.until')}
              min={firstDate || undefined}
              w={200}
              {...form.getInputProps('until')}
            />
          )}
          {values.ends === 'count' && (
            <TextInput
              label={t('eventForm.count')}
              inputMode="numeric"
              maxLength={3}
              w={200}
              {...form.getInputProps('count')}
            />
          )}
          <Text size="sm" fw={500} aria-live="polite">
            {describeRecurrence(t, recurrence, firstDate, i18n.language)}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}

/** "days" / "weeks" / "months" after "Repeat every N". */
function intervalUnit(t: TFunction, repeat: RepeatFrequency, count: number): string {
  if (repeat === 'daily') return t('eventForm.unitDays', { count });
  if (repeat === 'weekly') return t('eventForm.unitWeeks', { count });
  return t('eventForm.unitMonths', { count });
}

/** "On day 15" / "On the 3rd Tuesday", read from the first date (chosen above). */
function MonthlyChoice({
  form,
  firstDate,
}: {
  form: UseFormReturnType<EventFormValues>;
  firstDate: string;
}) {
  const { t, i18n } = useTranslation();
  const position = monthlyPositionOf(firstDate);
  if (!position) {
    return (
      <Text size="sm" c="dimmed">
        {t('eventForm.monthlyNeedsDate')}
      </Text>
    );
  }
  return (
    <Radio.Group label={t('eventForm.monthlyBy')} {...form.getInputProps('monthlyBy')}>
      <Stack gap="xs" mt="xs">
        <Radio value="dayOfMonth" label={t('eventForm.onDay', { day: position.day })} />
        <Radio
          value="weekdayOfMonth"
          label={t('eventForm.onWeekday', {
            position: ordinalName(t, position.ordinal),
            weekday: weekdayName(position.weekday, i18n.language, 'long'),
          })}
        />
      </Stack>
    </Radio.Group>
  );
}
