import type { FastifyInstance } from 'fastify';
import { saveAttendanceSchema } from '@rally/shared/attendance';
import {
  programEventParamsSchema,
  programParamsSchema,
  rangeQuerySchema,
} from '@rally/shared/common';
import { requireActor } from '../http/auth-hook.ts';
import type { Services } from '../http/services.ts';
import { parseInput } from '../http/validate.ts';

/**
 * Attendance routes (issue 5; docs/api.md "Issue 5"): an event's roster
 * and marks (`eventAttendanceSchema`), batches of marks, and the program's
 * report as JSON (`attendanceReportSchema`) and as a CSV download.
 */
export function registerAttendanceRoutes(app: FastifyInstance, s: Services): void {
  const event = '/api/programs/:programId/events/:eventId/attendance';

  app.get(event, async (request) => {
    const actor = requireActor(request);
    const { programId, eventId } = parseInput(programEventParamsSchema, request.params);
    return s.attendance.get(actor, programId, eventId);
  });

  app.put(event, async (request) => {
    const actor = requireActor(request);
    const { programId, eventId } = parseInput(programEventParamsSchema, request.params);
    const { marks } = parseInput(saveAttendanceSchema, request.body);
    return s.attendance.save(actor, programId, eventId, marks);
  });

  app.get('/api/programs/:programId/attendance', async (request) => {
    const actor = requireActor(request);
    const { programId } = parseInput(programParamsSchema, request.params);
    const range = parseInput(rangeQuerySchema, request.query);
    return s.attendanceReports.report(actor, programId, range);
  });

  app.get('/api/programs/:programId/attendance.csv', async (request, reply) => {
    const actor = requireActor(request);
    const { programId } = parseInput(programParamsSchema, request.params);
    const range = parseInput(rangeQuerySchema, request.query);
    const file = await s.attendanceReports.csv(actor, programId, range);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
      .header('Cache-Control', 'private, no-store')
      .send(file.body);
  });
}
