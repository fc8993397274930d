import { useParams } from 'react-router';

/** The `programId` route parameter of the program area's routes ('' when absent). */
export function useProgramId(): string {
  return useParams().programId ?? '';
}

/** `/programs/{programId}` followed by `suffix`, with the id URI-encoded. */
export function programPath(programId: string, suffix = ''): string {
  return `/programs/${encodeURIComponent(programId)}${suffix}`;
}
