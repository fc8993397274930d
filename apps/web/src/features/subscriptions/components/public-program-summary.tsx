import type { PublicProgram, WeeklySlot } from '@rally/shared/public-programs';
import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { canonicalTimeZone, formatEventSpan, formatLocalTime } from '../../../lib/format';
import { formatPrice } from '../money';
import { billingText } from './fee-plans-section';

/** Props of {@link PublicProgramSummary}. */
export interface PublicProgramSummaryProps {
  data: PublicProgram;
}

/** The weekday name of an ISO weekday (1 = Monday … 7 = Sunday), e.g. "Monday". */
export function weekdayName(weekday: number, locale: string): string {
  // 2024-01-01 was a Monday, so day `weekday` of January 2024 has that ISO weekday.
  return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, weekday)),
  );
}

function slotText(slot: WeeklySlot, locale: string): string {
  return `${weekdayName(slot.weekday, locale)} ${formatLocalTime(slot.startTime, locale)}–${formatLocalTime(slot.endTime, locale)}`;
}

/**
 * What the public join page shows of a program (no ids, nothing private):
 * organisation, description, location, its weekly pattern and next events in
 * the program's zone, fee plans with prices from minor units, and places left
 * or the waitlist.
 */
export function PublicProgramSummary({ data }: PublicProgramSummaryProps) {
  const { t, i18n } = useTranslation();
  const { program, schedule, feePlans } = data;
  return (
    <Stack gap="md">
      <Text size="sm">
        {t('join.byOrg', { org: program.orgName })}
        {program.location !== '' && ` · ${program.location}`}
      </Text>
      {program.description !== '' && (
        <Text style={{ whiteSpace: 'pre-wrap' }}>{program.description}</Text>
      )}
      <Capacity data={data} />
      <Stack gap="xs" component="section" aria-labelledby="join-schedule">
        <Title order={2} size="h4" id="join-schedule">
          {t('join.schedule')}
        </Title>
        {schedule.weeklyPattern && schedule.weeklyPattern.length > 0 && (
          <Text>
            {t('join.weekly', {
              slots: schedule.weeklyPattern.map((slot) => slotText(slot, i18n.language)).join(', '),
              zone: canonicalTimeZone(program.timeZone),
            })}
          </Text>
        )}
        {schedule.nextEvents.length === 0 ? (
          <Text c="dimmed">{t('join.noEvents')}</Text>
        ) : (
          <Stack component="ul" gap={4} pl="md" m={0} aria-label={t('join.nextEvents')}>
            {schedule.nextEvents.map((event) => (
              <li key={`${event.startsAt}-${event.title}`}>
                <Text size="sm">
                  {event.title} ·{' '}
                  {formatEventSpan(event.startsAt, event.endsAt, program.timeZone, i18n.language)}
                </Text>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
      {feePlans.length > 0 && (
        <Stack gap="xs" component="section" aria-labelledby="join-fees">
          <Title order={2} size="h4" id="join-fees">
            {t('join.fees')}
          </Title>
          <Group gap="sm">
            {feePlans.map((plan) => (
              <Card key={plan.id} withBorder padding="sm">
                <Text fw={600}>{plan.name}</Text>
                <Text size="sm">
                  {formatPrice(plan.priceMinor, plan.currency, i18n.language)}{' '}
                  {billingText(t, plan)}
                </Text>
              </Card>
            ))}
          </Group>
        </Stack>
      )}
    </Stack>
  );
}

function Capacity({ data }: PublicProgramSummaryProps) {
  const { t } = useTranslation();
  const { program } = data;
  if (program.spotsLeft === null) return null;
  if (program.spotsLeft > 0 && program.waitlistLength === 0) {
    return <Text fw={500}>{t('join.placesLeft', { count: program.spotsLeft })}</Text>;
  }
  return (
    <Text fw={500} c="orange.8">
      {t('join.full', { count: program.waitlistLength })}
    </Text>
  );
}
