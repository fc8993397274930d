// Values of the attendance contract that need no zod: importing a module
// that builds zod schemas (attendance.ts) brings zod into a web page's
// chunks (docs/decisions/004, 018). `@rally/shared/attendance` re-exports them.

/** At most this many people in one answer of `GET .../roster/candidates`. */
export const MAX_ROSTER_CANDIDATES = 20;
