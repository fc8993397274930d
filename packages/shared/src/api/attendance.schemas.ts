import {
  addToRosterSchema,
  attendanceReportSchema,
  eventAttendanceSchema,
  rosterCandidatesQuerySchema,
  rosterCandidatesSchema,
  saveAttendanceSchema,
} from '../attendance.ts';
import { programEventParamsSchema, programParamsSchema, rangeQuerySchema } from '../common.ts';
import type { attendanceRoutes } from './attendance.ts';
import type { SchemasOf } from './operation.ts';

/** Schemas of {@link attendanceRoutes}. */
export const attendanceSchemas = {
  get: { params: programEventParamsSchema, response: eventAttendanceSchema },
  save: {
    params: programEventParamsSchema,
    body: saveAttendanceSchema,
    response: eventAttendanceSchema,
  },
  addToRoster: {
    params: programEventParamsSchema,
    body: addToRosterSchema,
    response: eventAttendanceSchema,
  },
  rosterCandidates: {
    params: programEventParamsSchema,
    query: rosterCandidatesQuerySchema,
    response: rosterCandidatesSchema,
  },
  report: {
    params: programParamsSchema,
    query: rangeQuerySchema,
    response: attendanceReportSchema,
  },
  reportCsv: { params: programParamsSchema, query: rangeQuerySchema },
} as const satisfies SchemasOf<typeof attendanceRoutes>;
