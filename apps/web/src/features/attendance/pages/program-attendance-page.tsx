import type { AttendanceReport } from '@rally/shared/attendance';
import type { ProgramDetail } from '@rally/shared/programs';
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { LoadingLines, QueryState } from '../../../components/query-state';
import { isApiError } from '../../../lib/api-client';
import { useRealtime } from '../../../lib/realtime';
import { useProgramId } from '../../../lib/use-program-id';
import { programQueryOptions } from '../../programs/api';
import { attendanceCsvUrl, attendanceReportQueryOptions } from '../api';
import { AttendanceReportTable, formatRate } from '../components/attendance-report-table';
import { SessionList, TakeAttendance } from '../components/attendance-sessions';
import { ReportRangePicker } from '../components/report-range-picker';
import {
  defaultReportRange,
  parseRangeParams,
  toInstantRange,
  type LocalDateRange,
} from '../report-range';
import { useAttendanceOutbox } from '../use-attendance-outbox';

/**
 * A program's attendance (route `program-attendance`, program staff): today's
 * or the next session with "Take attendance", then the report for a date
 * range (`?from=YYYY-MM-DD&to=YYYY-MM-DD` in the program's zone, default the
 * last 4 weeks): overall figures, "Download CSV", the profiles × events matrix
 * with rates, and the sessions of the range. Families get the server's 403 as
 * a message. Opening it also sends attendance marks still waiting to sync.
 * `staffSections` renders after the report for staff who may view the
 * roster (the program's match stats, composed by app/pages: DESIGN.md §9).
 */
export function ProgramAttendancePage({
  staffSections,
}: { staffSections?: (programId: string) => ReactNode } = {}) {
  const programId = useProgramId();
  const program = useQuery(programQueryOptions(programId));
  useAttendanceOutbox();
  // Marks taken on other phones update the sessions and the report.
  useRealtime(`program:${programId}`);
  return (
    <QueryState query={program} notFoundIsPage>
      {(detail) => <AttendanceOverview detail={detail} staffSections={staffSections} />}
    </QueryState>
  );
}

function AttendanceOverview({
  detail,
  staffSections,
}: {
  detail: ProgramDetail;
  staffSections?: ((programId: string) => ReactNode) | undefined;
}) {
  const { t } = useTranslation();
  const { program, permissions } = detail;
  const zone = program.timeZone;
  const [params, setParams] = useSearchParams();
  // Without (valid) dates in the URL the default range shows; choosing one puts it there.
  const [fallback] = useState(() => defaultReportRange(zone));
  const range: LocalDateRange = parseRangeParams(params) ?? fallback;

  const showRange = (next: LocalDateRange) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      updated.set('from', next.from);
      updated.set('to', next.to);
      return updated;
    });

  return (
    <Stack gap="lg">
      <PageTitle title={t('attendanceReport.title')} />
      {permissions.canViewRoster && <TakeAttendance programId={program.id} timeZone={zone} />}
      <Stack gap="sm" component="section">
        <Title order={2} size="h3">
          {t('attendanceReport.reportTitle')}
        </Title>
        <ReportRangePicker value={range} onChange={showRange} timeZone={zone} />
        <ReportBody programId={program.id} range={range} timeZone={zone} />
      </Stack>
      {permissions.canViewRoster && staffSections?.(program.id)}
    </Stack>
  );
}

interface ReportBodyProps {
  programId: string;
  range: LocalDateRange;
  timeZone: string;
}

function ReportBody({ programId, range, timeZone }: ReportBodyProps) {
  const { t } = useTranslation();
  const instants = useMemo(
    () => toInstantRange({ from: range.from, to: range.to }, timeZone),
    [range.from, range.to, timeZone],
  );
  const report = useQuery(attendanceReportQueryOptions(programId, instants));
  if (report.isError && isApiError(report.error) && report.error.status === 403) {
    return (
      <Alert
        role="note"
        color="gray"
        icon={<IconLock aria-hidden />}
        title={t('attendance.staffOnlyTitle')}
      >
        {t('attendanceReport.staffOnly')}
      </Alert>
    );
  }
  return (
    <QueryState query={report} loading={<LoadingLines />}>
      {(data) => (
        <Stack gap="md">
          <OverallLine report={data} />
          <div>
            <Button
              component="a"
              href={attendanceCsvUrl(programId, instants)}
              download
              variant="default"
              leftSection={<IconDownload size={18} aria-hidden />}
            >
              {t('attendanceReport.downloadCsv')}
            </Button>
          </div>
          {data.events.length === 0 ? (
            <Text c="dimmed">{t('attendanceReport.noEvents')}</Text>
          ) : data.profiles.length === 0 ? (
            <Text c="dimmed">{t('attendanceReport.noProfiles')}</Text>
          ) : (
            <AttendanceReportTable programId={programId} report={data} />
          )}
          <SessionList programId={programId} report={data} />
        </Stack>
      )}
    </QueryState>
  );
}

/** The overall rate and the RSVP-vs-attended sentence of a report. */
function OverallLine({ report }: { report: AttendanceReport }) {
  const { t, i18n } = useTranslation();
  const { overall } = report;
  return (
    <Stack gap={4}>
      <Text fw={600}>
        {t('attendanceReport.overall', {
          rate: formatRate(overall.rate, i18n.language),
          present: overall.present,
          late: overall.late,
          absent: overall.absent,
          excused: overall.excused,
        })}
      </Text>
      <Text size="sm">
        {t('attendanceReport.rsvpLine', {
          going: overall.rsvpGoing,
          attended: overall.goingAndAttended,
          without: overall.attendedWithoutGoing,
        })}
      </Text>
    </Stack>
  );
}
