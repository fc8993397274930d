import type { FastifyInstance } from 'fastify';
import { contract } from '@rally/shared/api/contract';
import { route } from '../http/contract-routes.ts';
import type { AttendanceService } from './attendance.service.ts';
import type { AttendanceReportsService } from './reports.service.ts';

const { attendance } = contract;

/** The services these routes call. */
interface AttendanceRouteServices {
  attendance: AttendanceService;
  attendanceReports: AttendanceReportsService;
}

/**
 * Attendance routes (`contract.attendance`, docs/decisions/006): an event's
 * roster and marks (`eventAttendanceSchema`), batches of marks, walk-ins
 * and the people who may be added as one, and the
 * program's report as JSON (`attendanceReportSchema`) and as a CSV download.
 */
export function registerAttendanceRoutes(app: FastifyInstance, s: AttendanceRouteServices): void {
  route(app, attendance.get, async ({ actor, params }) =>
    s.attendance.get(actor, params.programId, params.eventId),
  );

  route(app, attendance.save, async ({ actor, params, body }) =>
    s.attendance.save(actor, params.programId, params.eventId, body.marks),
  );

  route(app, attendance.addToRoster, async ({ actor, params, body }) =>
    s.attendance.addToRoster(actor, params.programId, params.eventId, body),
  );

  route(app, attendance.rosterCandidates, async ({ actor, params, query }) =>
    s.attendance.rosterCandidates(actor, params.programId, params.eventId, query),
  );

  route(app, attendance.report, async ({ actor, params, query }) =>
    s.attendanceReports.report(actor, params.programId, query),
  );

  route(app, attendance.reportCsv, async ({ actor, params, query, reply }) => {
    const file = await s.attendanceReports.csv(actor, params.programId, query);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
      .header('Cache-Control', 'private, no-store')
      .send(file.body);
  });
}
