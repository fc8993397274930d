import { ProgramAttendancePage as AttendanceReport } from '../../features/attendance/pages/program-attendance-page';
import { ProgramMatchStats } from '../../features/matches/components/program-match-stats';

/**
 * A program's attendance (route `program-attendance`): sessions and the
 * attendance report (features/attendance) and, for staff who may view the
 * roster, the players' season in matches with its CSV (features/matches;
 * DESIGN.md §9: season stats in the program's attendance report area).
 */
export function ProgramAttendancePage() {
  return (
    <AttendanceReport staffSections={(programId) => <ProgramMatchStats programId={programId} />} />
  );
}
