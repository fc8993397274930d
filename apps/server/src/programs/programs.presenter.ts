import type { Program } from '@rally/shared/programs';
import type { ProgramRow } from './programs.queries.ts';

/** The API shape of a program (`programSchema`). */
export function presentProgram(p: ProgramRow): Program {
  return {
    id: p.id,
    orgId: p.orgId,
    orgName: p.orgName,
    name: p.name,
    description: p.description,
    category: p.category,
    timeZone: p.timeZone,
    location: p.location,
    capacity: p.capacity,
    joinPolicy: p.joinPolicy,
    status: p.status,
    defaultRsvp: p.defaultRsvp,
    activeSubscriptions: p.activeSubscriptions,
    createdAt: p.createdAt.toISOString(),
  };
}
