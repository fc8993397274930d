import type { User } from '@rally/shared/auth';
import type { Event } from '@rally/shared/events';
import type { Org } from '@rally/shared/orgs';
import type { Profile } from '@rally/shared/profiles';
import type { Program, ProgramDetail } from '@rally/shared/programs';

let counter = 0;

/** A fresh UUID-shaped id (unique within the test run). */
export function newId(): string {
  counter += 1;
  return `0190a1b2-0000-7000-8000-${String(counter).padStart(12, '0')}`;
}

/** A signed-in user as `GET /api/auth/session` returns it. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: newId(),
    phoneNumber: '+919876543210',
    displayName: 'Asha Rao',
    isGlobalAdmin: false,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** An organisation as a member sees it. */
export function makeOrg(overrides: Partial<Org> = {}): Org {
  return {
    id: newId(),
    name: 'Indiranagar Football Academy',
    slug: 'indiranagar-football-academy',
    timeZone: 'Asia/Kolkata',
    country: 'IN',
    role: 'owner',
    logoUrl: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A program of an organisation. */
export function makeProgram(overrides: Partial<Program> = {}): Program {
  return {
    id: newId(),
    orgId: newId(),
    orgName: 'Indiranagar Football Academy',
    name: 'Under-12 weekday batch',
    description: '',
    category: '',
    timeZone: 'Asia/Kolkata',
    location: 'HAL Ground, Bengaluru',
    capacity: null,
    joinPolicy: 'open',
    status: 'active',
    activeSubscriptions: 0,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** `GET /api/programs/:programId` for program staff (or, with `staff: false`, for a family). */
export function makeProgramDetail(program: Program, staff = true): ProgramDetail {
  return {
    program,
    permissions: {
      canEdit: staff,
      canManageStaff: staff,
      canArchive: staff,
      canManageEvents: staff,
      canManageSubscriptions: staff,
      canViewRoster: staff,
    },
  };
}

/** An event of a program. */
export function makeEvent(overrides: Partial<Event> = {}): Event {
  return {
    id: newId(),
    programId: newId(),
    programName: 'Under-12 weekday batch',
    orgId: newId(),
    title: 'Evening training',
    kind: 'training',
    status: 'scheduled',
    startsAt: '2025-11-21T12:30:00.000Z',
    endsAt: '2025-11-21T14:00:00.000Z',
    timeZone: 'Asia/Kolkata',
    location: 'HAL Ground, Bengaluru',
    description: '',
    ...overrides,
  };
}

/** A profile the user manages. */
export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: newId(),
    displayName: 'Asha Rao',
    dateOfBirth: null,
    relationship: 'self',
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
