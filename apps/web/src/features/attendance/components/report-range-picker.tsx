import { Button, Group, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { rangeProblem, REPORT_MAX_DAYS, type LocalDateRange } from '../report-range';

/** Props of {@link ReportRangePicker}. */
export interface ReportRangePickerProps {
  /** The range shown now (from the URL, or the default). */
  value: LocalDateRange;
  /** Shows another range (puts it in the URL). */
  onChange: (range: LocalDateRange) => void;
  /** The program's zone, named under the fields (the dates are its days). */
  timeZone: string;
}

/**
 * Two native date fields (phone-friendly) and "Show": a report's first and
 * last day, both included, in the program's time zone. A range that ends
 * before it starts or spans more than a year is refused with a message.
 */
export function ReportRangePicker({ value, onChange, timeZone }: ReportRangePickerProps) {
  const { t } = useTranslation();
  // The page is re-created when the URL changes (SPEC.md §2), so `value` only seeds the fields.
  const [draft, setDraft] = useState(value);
  const [problem, setProblem] = useState<ReturnType<typeof rangeProblem>>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = rangeProblem(draft);
    setProblem(found);
    if (found === null) onChange(draft);
  };

  return (
    <form onSubmit={submit} aria-label={t('attendanceReport.range.label')}>
      <Group gap="xs" align="flex-end">
        <TextInput
          type="date"
          label={t('attendanceReport.range.from')}
          value={draft.from}
          onChange={(event) => setDraft({ ...draft, from: event.currentTarget.value })}
          required
        />
        <TextInput
          type="date"
          label={t('attendanceReport.range.to')}
          value={draft.to}
          onChange={(event) => setDraft({ ...draft, to: event.currentTarget.value })}
          error={problem ? t(`attendanceReport.range.${problem}`, { days: REPORT_MAX_DAYS }) : null}
          required
        />
        <Button type="submit" variant="light">
          {t('attendanceReport.range.show')}
        </Button>
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        {t('attendanceReport.range.zoneNote', { timeZone })}
      </Text>
    </form>
  );
}
