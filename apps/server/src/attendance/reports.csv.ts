import type { AttendanceReport } from '@rally/shared/attendance';
import { stringify } from 'csv-stringify/sync';
import { DateTime } from 'luxon';
import { slugify } from '../orgs/slug.ts';

/**
 * A spreadsheet cell that cannot run as a formula (OWASP "CSV Injection"):
 * text starting with `=`, `+`, `-`, `@`, a tab or a carriage return gets a
 * leading apostrophe, so Excel, LibreOffice and Google Sheets show it as text.
 */
export function neutralizeFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** A rate (0..1, or null) as the CSV shows it: a percent with one decimal, "—" without a rate. */
export function formatRate(rate: number | null): string {
  return rate === null ? '—' : `${(rate * 100).toFixed(1)}%`;
}

/** The column heading of an event: `YYYY-MM-DD HH:mm title` in `timeZone`, flagged when cancelled. */
export function eventHeading(event: AttendanceReport['events'][number], timeZone: string): string {
  const when = DateTime.fromISO(event.startsAt, { zone: timeZone }).toFormat('yyyy-MM-dd HH:mm');
  return `${when} ${event.title}${event.status === 'cancelled' ? ' (cancelled)' : ''}`;
}

/**
 * The report as CSV (docs/decisions/006): UTF-8 with a byte order mark (so
 * Excel reads names correctly), a row per profile, a column per event (the
 * mark, empty when unmarked), then present, late, absent, excused and the
 * rate. Every text cell is protected with {@link neutralizeFormula}.
 */
export function attendanceReportCsv(report: AttendanceReport): string {
  const statusOf = new Map(report.cells.map((c) => [`${c.profileId} ${c.eventId}`, c.status]));
  const header = [
    'Name',
    ...report.events.map((e) => eventHeading(e, report.timeZone)),
    'Present',
    'Late',
    'Absent',
    'Excused',
    'Rate',
  ];
  const rows = report.profiles.map((p) => [
    p.displayName,
    ...report.events.map((e) => statusOf.get(`${p.profileId} ${e.id}`) ?? ''),
    String(p.totals.present),
    String(p.totals.late),
    String(p.totals.absent),
    String(p.totals.excused),
    formatRate(p.totals.rate),
  ]);
  return stringify(
    [header, ...rows].map((r) => r.map(neutralizeFormula)),
    { bom: true, record_delimiter: 'windows' },
  );
}

/**
 * The download's file name: `<program-slug>-attendance-<first day>-<last day>.csv`,
 * the days being the range's local dates in `timeZone` (`to` is exclusive,
 * so its previous instant gives the last day). ASCII only, safe in a
 * `Content-Disposition` header.
 */
export function attendanceCsvFileName(
  programName: string,
  from: Date,
  to: Date,
  timeZone: string,
): string {
  const slug = /[a-z0-9]/i.test(programName.normalize('NFKD')) ? slugify(programName) : 'program';
  const day = (at: Date) => DateTime.fromJSDate(at, { zone: timeZone }).toFormat('yyyy-MM-dd');
  return `${slug}-attendance-${day(from)}-${day(new Date(to.getTime() - 1))}.csv`;
}
