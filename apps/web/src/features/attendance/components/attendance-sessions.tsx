import type { AttendanceReport } from '@rally/shared/attendance';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryState } from '../../../components/query-state';
import { formatEventSpan } from '../../../lib/format';
import { programPath } from '../../../lib/use-program-id';
import { programEventsQueryOptions } from '../../events/api';
import { daysFromToday, todayIn } from '../report-range';
import { formatRate } from './attendance-report-table';

/** "Take attendance" looks this many days ahead for the next session when there is none today. */
const UPCOMING_DAYS = 8;

const attendancePath = (programId: string, eventId: string) =>
  programPath(programId, `/events/${encodeURIComponent(eventId)}/attendance`);

/** Props of {@link TakeAttendance}. */
export interface TakeAttendanceProps {
  programId: string;
  /** The program's zone: "today" is its day. */
  timeZone: string;
}

/**
 * Today's sessions of the program (or, when there is none, the next one in
 * the coming week), each with a big "Take attendance" link to its page.
 */
export function TakeAttendance({ programId, timeZone }: TakeAttendanceProps) {
  const { t, i18n } = useTranslation();
  const [upcoming] = useState(() => daysFromToday(timeZone, UPCOMING_DAYS));
  const events = useQuery(programEventsQueryOptions(programId, upcoming));
  const today = todayIn(timeZone);
  return (
    <Stack gap="sm" component="section">
      <Title order={2} size="h3">
        {t('attendanceReport.takeTitle')}
      </Title>
      <QueryState query={events}>
        {(list) => {
          const scheduled = list.filter((event) => event.status === 'scheduled');
          const todays = scheduled.filter(
            (event) => todayIn(timeZone, new Date(event.startsAt)) === today,
          );
          const shown = todays.length > 0 ? todays : scheduled.slice(0, 1);
          if (shown.length === 0)
            return <Text c="dimmed">{t('attendanceReport.noSessionSoon')}</Text>;
          return (
            <Stack gap="xs">
              {shown.map((event) => (
                <Card key={event.id} withBorder padding="sm">
                  <Group justify="space-between" gap="xs">
                    <div>
                      <Group gap="xs">
                        <Text fw={600}>{event.title}</Text>
                        <Badge variant="light">
                          {todays.length > 0
                            ? t('attendanceReport.today')
                            : t('attendanceReport.next')}
                        </Badge>
                      </Group>
                      <Text size="sm" c="dimmed">
                        {formatEventSpan(
                          event.startsAt,
                          event.endsAt,
                          event.timeZone,
                          i18n.language,
                        )}
                      </Text>
                    </div>
                    <Button component={Link} to={attendancePath(programId, event.id)} size="md">
                      {t('attendanceReport.take')}
                    </Button>
                  </Group>
                </Card>
              ))}
            </Stack>
          );
        }}
      </QueryState>
    </Stack>
  );
}

/** Props of {@link SessionList}. */
export interface SessionListProps {
  programId: string;
  report: AttendanceReport;
}

/**
 * The sessions of the range, each opening its attendance page: today's first
 * (in time order), then the others newest first.
 */
export function SessionList({ programId, report }: SessionListProps) {
  const { t, i18n } = useTranslation();
  if (report.events.length === 0) return null;
  const today = todayIn(report.timeZone);
  const isToday = (startsAt: string) => todayIn(report.timeZone, new Date(startsAt)) === today;
  const ordered = [...report.events].sort((a, b) => {
    const [aToday, bToday] = [isToday(a.startsAt), isToday(b.startsAt)];
    if (aToday !== bToday) return aToday ? -1 : 1;
    // Today's in the order they happen; the others newest first.
    return aToday ? a.startsAt.localeCompare(b.startsAt) : b.startsAt.localeCompare(a.startsAt);
  });
  const format = new Intl.DateTimeFormat(i18n.language, {
    timeZone: report.timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  return (
    <Stack gap="xs" component="section">
      <Title order={3} size="h4">
        {t('attendanceReport.sessions')}
      </Title>
      <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
        {ordered.map((event) => (
          <li key={event.id}>
            <Card withBorder padding="xs" component={Link} to={attendancePath(programId, event.id)}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <div>
                  <Text fw={600} td={event.status === 'cancelled' ? 'line-through' : undefined}>
                    {event.title}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {format.format(new Date(event.startsAt))}
                  </Text>
                </div>
                <Group gap={4} wrap="nowrap">
                  {isToday(event.startsAt) && (
                    <Badge variant="light">{t('attendanceReport.today')}</Badge>
                  )}
                  {event.status === 'cancelled' ? (
                    <Badge color="red" variant="light">
                      {t('attendanceReport.cancelled')}
                    </Badge>
                  ) : (
                    <Text size="sm">
                      {t('attendanceReport.sessionRate', {
                        rate: formatRate(event.totals.rate, i18n.language),
                      })}
                    </Text>
                  )}
                </Group>
              </Group>
            </Card>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
