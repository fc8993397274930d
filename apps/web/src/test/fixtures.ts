import type { AdminOrg, AdminUser, Page } from '@rally/shared/admin';
import type { User } from '@rally/shared/auth';
import type { ClientDevice } from '@rally/shared/clients';
import type {
  Event,
  EventDetail,
  EventSeriesInfo,
  ProfileEvent,
  ProfileEventDetail,
  RosterEntry,
  RsvpCounts,
  RsvpState,
} from '@rally/shared/events';
import type {
  ConversationSummary,
  Message,
  MessageAttachment,
  Thread,
} from '@rally/shared/conversations';
import type { Home } from '@rally/shared/home';
import type { Notification } from '@rally/shared/notifications';
import type { RealtimeKind, ServerFrame } from '@rally/shared/realtime';
import type { Org, OrgInvite, OrgMember } from '@rally/shared/orgs';
import type { Profile } from '@rally/shared/profiles';
import type { FeePlan, OrgDetail, Program, ProgramDetail } from '@rally/shared/programs';

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
    defaultRsvp: 'none',
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
    seriesId: null,
    isException: false,
    isAllDay: false,
    capacity: null,
    rsvpCloseMinutes: null,
    rsvpDeadline: overrides.startsAt ?? '2025-11-21T12:30:00.000Z',
    cancelledAt: null,
    cancelReason: null,
    version: 1,
    ...overrides,
  };
}

/** A profile's RSVP: no answer unless overridden. */
export function makeRsvpState(overrides: Partial<RsvpState> = {}): RsvpState {
  return {
    answer: null,
    isDefault: false,
    waitlistPosition: null,
    respondedAt: null,
    respondedBy: null,
    ...overrides,
  };
}

/** An event's RSVP counts: nobody answered, no capacity. */
export function makeRsvpCounts(overrides: Partial<RsvpCounts> = {}): RsvpCounts {
  return {
    going: 0,
    maybe: 0,
    declined: 0,
    waitlisted: 0,
    noAnswer: 0,
    capacity: null,
    placesLeft: null,
    ...overrides,
  };
}

/** One row of an event's roster (staff view): not answered, not marked. */
export function makeRosterEntry(overrides: Partial<RosterEntry> = {}): RosterEntry {
  return {
    profileId: newId(),
    displayName: 'Kabir Rao',
    photoUrl: null,
    rsvp: makeRsvpState(),
    status: null,
    note: null,
    markedAt: null,
    markedBy: null,
    guardianPhone: null,
    isWalkIn: false,
    ...overrides,
  };
}

/** The series of an occurrence: weekly on Mondays at 18:00 in Asia/Kolkata, 10 times, 9 left from the one shown. */
export function makeEventSeriesInfo(overrides: Partial<EventSeriesInfo> = {}): EventSeriesInfo {
  return {
    id: newId(),
    recurrence: { frequency: 'weekly', interval: 1, weekdays: ['MO'], count: 10 },
    rrule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=10',
    startLocal: '2025-12-01T18:00',
    remainingCount: 9,
    ...overrides,
  };
}

/**
 * `GET /api/programs/:programId/events/:eventId` for program staff (roster
 * shown, every permission; pass `staff: false` for a family: no roster, no
 * permissions). Answers are open and nobody is in `family` unless overridden.
 */
export function makeEventDetail(
  event: Event = makeEvent(),
  overrides: Partial<EventDetail> = {},
  staff = true,
): EventDetail {
  return {
    event,
    series: null,
    counts: makeRsvpCounts(),
    isRsvpOpen: true,
    family: [],
    roster: staff ? [] : null,
    permissions: { canEdit: staff, canMarkAttendance: staff, canViewRoster: staff },
    canEdit: staff,
    ...overrides,
  };
}

/** `GET /api/profiles/:profileId/events/:eventId`: the event for one profile, answers open. */
export function makeProfileEventDetail(
  event: ProfileEvent,
  overrides: Partial<Omit<ProfileEventDetail, 'event'>> = {},
): ProfileEventDetail {
  return {
    event,
    rsvp: makeRsvpState(),
    status: null,
    counts: makeRsvpCounts(),
    isRsvpOpen: true,
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

/** `GET /api/orgs/:orgId` as an owner sees it (override `permissions` for other roles). */
export function makeOrgDetail(
  org: Org = makeOrg(),
  overrides: Partial<Omit<OrgDetail, 'org'>> = {},
): OrgDetail {
  const isOwner = org.role === 'owner';
  const isAdmin = isOwner || org.role === 'admin';
  return {
    org,
    programs: [],
    staffSummary: { owner: 1, admin: 0, staff: 0 },
    permissions: {
      canEdit: isAdmin,
      canCreateProgram: isAdmin,
      canManageMembers: isAdmin,
      canManageAdmins: isOwner,
      canDelete: isOwner,
    },
    ...overrides,
  };
}

/** A member of an organisation as owners and admins see it (with the phone number). */
export function makeOrgMember(overrides: Partial<OrgMember> = {}): OrgMember {
  return {
    userId: newId(),
    displayName: 'Meera Iyer',
    phoneNumber: '+919812345678',
    role: 'staff',
    joinedAt: '2025-02-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A pending invite to an organisation. */
export function makeOrgInvite(overrides: Partial<OrgInvite> = {}): OrgInvite {
  return {
    id: newId(),
    phoneNumber: '+919900011122',
    role: 'staff',
    status: 'pending',
    createdAt: '2025-03-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A monthly fee plan of ₹2,500.00 (250000 paise). */
export function makeFeePlan(overrides: Partial<FeePlan> = {}): FeePlan {
  return {
    id: newId(),
    programId: newId(),
    name: 'Monthly',
    priceMinor: 250000,
    currency: 'INR',
    billing: 'period',
    period: 'month',
    sessionsIncluded: null,
    isActive: true,
    ...overrides,
  };
}

/** A user in the global-admin list. */
export function makeAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: newId(),
    phoneNumber: '+919876500000',
    displayName: 'Ravi Kumar',
    isGlobalAdmin: false,
    orgCount: 1,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** An organisation in the global-admin list. */
export function makeAdminOrg(overrides: Partial<AdminOrg> = {}): AdminOrg {
  return {
    id: newId(),
    name: 'Indiranagar Football Academy',
    slug: 'indiranagar-football-academy',
    timeZone: 'Asia/Kolkata',
    country: 'IN',
    logoUrl: null,
    memberCount: 3,
    programCount: 2,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A registered native device (SPEC.md §3 `clients` record). */
export function makeClientDevice(overrides: Partial<ClientDevice> = {}): ClientDevice {
  const uid = overrides.uid ?? newId();
  const deviceId = overrides.deviceId ?? 'a1b2c3d4';
  return {
    id: `${uid}-${deviceId}`,
    deviceId,
    lastUpdated: '2025-06-01T10:00:00.000Z',
    uid,
    phoneNumber: '+919876543210',
    deviceInfo: {
      manufacturer: 'Google',
      model: 'Pixel 8',
      operatingSystem: 'android',
      osVersion: '15',
    },
    bundleId: '1.4.2',
    ...overrides,
  };
}

/** One page of a global-admin list. */
export function makePage<T>(items: T[], overrides: Partial<Page<T>> = {}): Page<T> {
  return { items, total: items.length, page: 1, pageSize: 20, ...overrides };
}

/** A thread as an inbox lists it: Kabir Rao's family with the Under-12 batch, no message yet. */
export function makeConversationSummary(
  overrides: Partial<ConversationSummary> = {},
): ConversationSummary {
  const programId = overrides.programId ?? newId();
  const profileId = overrides.profileId ?? newId();
  return {
    id: null,
    otherParty: profileId,
    programId,
    programName: 'Under-12 weekday batch',
    profileId,
    profileName: 'Kabir Rao',
    profilePhotoUrl: null,
    lastMessage: null,
    unreadCount: 0,
    ...overrides,
  };
}

/** A message from Coach Meera (staff side), sent at 10:00 UTC on 21 Nov 2025 (change 1 of its thread). */
export function makeMessage(overrides: Partial<Message> = {}): Message {
  const id = overrides.id ?? newId();
  return {
    id,
    conversationId: newId(),
    clientMessageId: `client-${id}`,
    kind: 'message',
    senderSide: 'staff',
    sender: { userId: newId(), displayName: 'Coach Meera' },
    body: 'See you at the ground at 6.',
    attachments: [],
    createdAt: '2025-11-21T10:00:00.000Z',
    editedAt: null,
    deletedAt: null,
    seq: 1,
    isRead: false,
    canModify: false,
    ...overrides,
  };
}

/** A PDF attached to a message. */
export function makeMessageAttachment(
  overrides: Partial<MessageAttachment> = {},
): MessageAttachment {
  const fileId = overrides.fileId ?? newId();
  return {
    fileId,
    url: `/api/files/${fileId}`,
    contentType: 'application/pdf',
    sizeBytes: 250_000,
    fileName: 'fee-schedule.pdf',
    ...overrides,
  };
}

/** `GET .../conversations/:otherParty` as the staff side sees it: writable, no older page. */
export function makeThread(overrides: Partial<Thread> = {}): Thread {
  return {
    summary: makeConversationSummary({ id: newId() }),
    messages: [],
    hasOlder: false,
    side: 'staff',
    canWrite: true,
    otherSideReadAt: null,
    seq: 0,
    ...overrides,
  };
}

/** An unread message notification from Coach Meera. */
export function makeNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: newId(),
    kind: 'message',
    path: `/p/${newId()}/conversations/${newId()}`,
    data: {
      senderName: 'Coach Meera',
      body: 'See you at 6',
      programName: 'Under-12 weekday batch',
    },
    createdAt: '2025-11-21T10:00:00.000Z',
    readAt: null,
    ...overrides,
  };
}

/**
 * A realtime `event` frame as the server sends it after a commit (DESIGN.md §4),
 * for `FakeWebSocket.receive`; a message payload's `seq` is the event's too.
 */
export function makeRealtimeFrame(
  topic: string,
  kind: RealtimeKind,
  payload?: unknown,
): ServerFrame {
  const seq = (payload as { seq?: unknown } | undefined)?.seq;
  return {
    type: 'event',
    event: {
      topic,
      kind,
      ids: [],
      version: Date.now(),
      ...(typeof seq === 'number' ? { seq } : {}),
      payload,
    },
  };
}

/** An answer of `GET /api/home` (docs/decisions/019): nothing in it unless `overrides` says so. */
export function makeHome(overrides: Partial<Home> = {}): Home {
  return {
    profiles: [],
    orgs: [],
    staff: null,
    family: { events: [], dues: [], waitlist: [] },
    isNewcomer: false,
    ...overrides,
  };
}
