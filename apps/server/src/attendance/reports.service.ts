import type { AttendanceReport } from '@rally/shared/attendance';
import type { RangeQuery } from '@rally/shared/common';
import type { Db } from '../db/client.ts';
import type { PolicyActor } from '../policy/policy.ts';
import type { ProgramsService } from '../programs/programs.service.ts';
import { attendanceCsvFileName, attendanceReportCsv } from './reports.csv.ts';
import { listEventsStartingIn } from './reports.repository.ts';
import { buildAttendanceReport } from './reports.ts';
import { listRostersOfProgram } from './attendance.queries.ts';

/** A CSV download: its file name and its text (UTF-8 with a BOM). */
export interface CsvFile {
  fileName: string;
  body: string;
}

/**
 * Attendance reports of a program (docs/decisions/006): the
 * matrix of events and profiles over a range as JSON, and as CSV for
 * spreadsheets. Program staff only (`program:view-roster`).
 */
export class AttendanceReportsService {
  constructor(
    private readonly db: Db,
    private readonly programs: ProgramsService,
  ) {}

  /**
   * The report of events starting in `[range.from, range.to)` (UTC ISO):
   * two queries whatever the number of events (the events, then all their
   * rosters at once). Throws 404 when the program is not visible, 403 for
   * families and org staff outside the program.
   */
  async report(
    actor: PolicyActor,
    programId: string,
    range: RangeQuery,
  ): Promise<AttendanceReport> {
    const program = await this.programs.authorize(actor, programId, 'program:view-roster');
    return this.build(programId, program.timeZone, program.defaultRsvp, range);
  }

  /** The same report as a CSV file (see `attendanceReportCsv`), with its download name. */
  async csv(actor: PolicyActor, programId: string, range: RangeQuery): Promise<CsvFile> {
    const program = await this.programs.authorize(actor, programId, 'program:view-roster');
    const report = await this.build(programId, program.timeZone, program.defaultRsvp, range);
    return {
      fileName: attendanceCsvFileName(
        program.name,
        new Date(range.from),
        new Date(range.to),
        program.timeZone,
      ),
      body: attendanceReportCsv(report),
    };
  }

  private async build(
    programId: string,
    timeZone: string,
    defaultRsvp: 'none' | 'going',
    range: RangeQuery,
  ): Promise<AttendanceReport> {
    const from = new Date(range.from);
    const to = new Date(range.to);
    const [events, rosterRows] = await Promise.all([
      listEventsStartingIn(this.db, programId, from, to),
      listRostersOfProgram(this.db, programId, from, to),
    ]);
    return buildAttendanceReport({ from, to, timeZone, defaultRsvp, events, rosterRows });
  }
}
