import type { AttendanceReport, AttendanceTotals } from '@rally/shared/attendance';
import type { AttendanceStatus } from '@rally/shared/events';
import { Anchor, Table, Text, VisuallyHidden } from '@mantine/core';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { programPath } from '../../../lib/use-program-id';
import './attendance-report-table.css';

/** Props of {@link AttendanceReportTable}. */
export interface AttendanceReportTableProps {
  programId: string;
  report: AttendanceReport;
}

/** A rate 0..1 as "92%", or "—" when there is none (nobody was marked present, late or absent). */
export function formatRate(rate: number | null, locale: string): string {
  if (rate === null) return '—';
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(rate);
}

const stickyColumn: CSSProperties = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
};

/**
 * The report's matrix: a row per profile (its name stays in view while the
 * table scrolls sideways on a phone), a column per event (a link to its
 * attendance page; cancelled events dimmed and never counted), cells P / L /
 * A / E with the full word for screen readers, the profile's rate and its
 * RSVP-vs-attended figures, and a last row with each event's rate.
 */
export function AttendanceReportTable({ programId, report }: AttendanceReportTableProps) {
  const { t, i18n } = useTranslation();
  const cellOf = new Map(report.cells.map((cell) => [`${cell.profileId}:${cell.eventId}`, cell]));
  const headerDate = new Intl.DateTimeFormat(i18n.language, {
    timeZone: report.timeZone,
    month: 'short',
    day: 'numeric',
  });
  const headerTime = new Intl.DateTimeFormat(i18n.language, {
    timeZone: report.timeZone,
    hour: 'numeric',
    minute: '2-digit',
  });
  const figures = (totals: AttendanceTotals) => [
    formatRate(totals.rate, i18n.language),
    String(totals.rsvpGoing),
    String(totals.goingAndAttended),
    String(totals.attendedWithoutGoing),
  ];

  return (
    <Table.ScrollContainer minWidth={Math.max(480, 160 + report.events.length * 72)}>
      <Table
        withTableBorder
        withColumnBorders
        className="rally-report-table"
        aria-label={t('attendanceReport.tableLabel')}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th style={stickyColumn}>{t('attendanceReport.name')}</Table.Th>
            {report.events.map((event) => {
              const isCancelled = event.status === 'cancelled';
              const startsAt = new Date(event.startsAt);
              return (
                <Table.Th
                  key={event.id}
                  className={isCancelled ? 'rally-report-cancelled' : undefined}
                >
                  <Anchor
                    component={Link}
                    size="xs"
                    to={programPath(
                      programId,
                      `/events/${encodeURIComponent(event.id)}/attendance`,
                    )}
                  >
                    <Text span size="xs" fw={700} display="block">
                      {headerDate.format(startsAt)}
                    </Text>
                    <Text span size="xs" display="block">
                      {headerTime.format(startsAt)}
                    </Text>
                    <Text
                      span
                      size="xs"
                      display="block"
                      lineClamp={2}
                      td={isCancelled ? 'line-through' : undefined}
                    >
                      {event.title}
                    </Text>
                    {isCancelled && (
                      <VisuallyHidden>{t('attendanceReport.cancelled')}</VisuallyHidden>
                    )}
                  </Anchor>
                </Table.Th>
              );
            })}
            <Table.Th>{t('attendanceReport.rate')}</Table.Th>
            <Table.Th>{t('attendanceReport.rsvpGoing')}</Table.Th>
            <Table.Th>{t('attendanceReport.goingAndAttended')}</Table.Th>
            <Table.Th>{t('attendanceReport.attendedWithoutGoing')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.profiles.map((profile) => (
            <Table.Tr key={profile.profileId}>
              <Table.Th scope="row" style={stickyColumn}>
                {profile.displayName}
              </Table.Th>
              {report.events.map((event) => {
                const status = cellOf.get(`${profile.profileId}:${event.id}`)?.status ?? null;
                return (
                  <Table.Td
                    key={event.id}
                    ta="center"
                    className={event.status === 'cancelled' ? 'rally-report-cancelled' : undefined}
                  >
                    <StatusCell status={status} />
                  </Table.Td>
                );
              })}
              {figures(profile.totals).map((value, index) => (
                <Table.Td key={index} ta="center">
                  {value}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row" style={stickyColumn}>
              {t('attendanceReport.eventRate')}
            </Table.Th>
            {report.events.map((event) => (
              <Table.Td
                key={event.id}
                ta="center"
                className={event.status === 'cancelled' ? 'rally-report-cancelled' : undefined}
              >
                {event.status === 'cancelled' ? '—' : formatRate(event.totals.rate, i18n.language)}
              </Table.Td>
            ))}
            {figures(report.overall).map((value, index) => (
              <Table.Td key={index} ta="center" fw={700}>
                {value}
              </Table.Td>
            ))}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

function StatusCell({ status }: { status: AttendanceStatus | null }) {
  const { t } = useTranslation();
  if (status === null) return <VisuallyHidden>{t('attendanceReport.notMarked')}</VisuallyHidden>;
  return (
    <>
      <span aria-hidden="true">{t(`attendanceReport.letter.${status}`)}</span>
      <VisuallyHidden>{t(`attendance.status.${status}`)}</VisuallyHidden>
    </>
  );
}
