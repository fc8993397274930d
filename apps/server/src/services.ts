import { AccountDeletionService } from './account/account-deletion.service.ts';
import { AccountService } from './account/account.service.ts';
import { HomeService } from './account/home.service.ts';
import { ActivitiesService } from './activities/activities.service.ts';
import { AttendanceService } from './attendance/attendance.service.ts';
import { MatchFormatsService } from './matches/match-formats.service.ts';
import { MatchShareService } from './matches/match-share.service.ts';
import { MatchStatsService } from './matches/match-stats.service.ts';
import { MatchesService } from './matches/matches.service.ts';
import { AttendanceReportsService } from './attendance/reports.service.ts';
import { RsvpService } from './attendance/rsvp.service.ts';
import { RsvpRemindersService } from './attendance/rsvp-reminders.service.ts';
import { AuthService } from './auth/auth.service.ts';
import type { SmsProvider } from './auth/sms.ts';
import { SignInTokenService } from './auth/sign-in-tokens.service.ts';
import { SecretBox } from './auth/secret-box.ts';
import { TotpService } from './auth/totp.service.ts';
import { DEFAULT_APP_REDIRECT_URI, DEV_TOTP_KEY, type TotpKey } from './lib/env.ts';
import type { Db } from './db/client.ts';
import { EventChangesService } from './events/event-changes.service.ts';
import { EventDetailService } from './events/event-detail.service.ts';
import { EventsService } from './events/events.service.ts';
import { FeedsService } from './feeds/feeds.service.ts';
import type { Clock } from './lib/clock.ts';
import { MembersService } from './orgs/members.service.ts';
import { OrgInvitesService } from './orgs/org-invites.service.ts';
import { OrgsService } from './orgs/orgs.service.ts';
import { ProfileInvitesService } from './profiles/profile-invites.service.ts';
import { ProfileManagersService } from './profiles/profile-managers.service.ts';
import { ProfilesService } from './profiles/profiles.service.ts';
import { SearchService } from './search/search.service.ts';
import { OrgDetailService } from './programs/org-detail.service.ts';
import { ProgramSettingsService } from './programs/program-settings.service.ts';
import { ProgramsService } from './programs/programs.service.ts';
import { DuesService } from './subscriptions/dues.service.ts';
import { PaymentClaimsService } from './subscriptions/payment-claims.service.ts';
import { EnrolmentService } from './subscriptions/enrolment.service.ts';
import { SubscriptionsService } from './subscriptions/subscriptions.service.ts';
import { PublicProgramService } from './subscriptions/public-program.service.ts';
import { TransitionsService } from './subscriptions/transitions.service.ts';
import { AdminService } from './admin/admin.service.ts';
import { ClientsService } from './clients/clients.service.ts';
import { ConfigService } from './config/config.service.ts';
import type { FileStore } from './files/file-store.ts';
import { FilesService } from './files/files.service.ts';
import { MemoryFileStore } from './files/memory-file-store.ts';
import { PgBus } from './realtime/pg-bus.ts';
import { AnnouncementsService } from './conversations/announcements.service.ts';
import { AttachmentsService } from './conversations/attachments.service.ts';
import { ConversationsService } from './conversations/conversations.service.ts';
import { MessagesService } from './conversations/messages.service.ts';
import { ThreadsService } from './conversations/threads.service.ts';
import { NotificationsService } from './notifications/notifications.service.ts';
import { PushService } from './push/push.service.ts';
import type { RealtimePublisher } from './realtime/publisher.ts';

/** Every service of the server, wired once per app instance. */
export interface Services {
  clock: Clock;
  auth: AuthService;
  /** Sign-in links and the app handoff's custom tokens (DESIGN.md §3). */
  signInTokens: SignInTokenService;
  /** Authenticator apps (TOTP) and the second sign-in step (docs/decisions/024). */
  totp: TotpService;
  account: AccountService;
  /** Deleting an account: preview, re-verification code, deletion (docs/decisions/025). */
  accountDeletion: AccountDeletionService;
  home: HomeService;
  orgs: OrgsService;
  orgDetails: OrgDetailService;
  members: MembersService;
  orgInvites: OrgInvitesService;
  search: SearchService;
  programs: ProgramsService;
  programSettings: ProgramSettingsService;
  publicPrograms: PublicProgramService;
  profiles: ProfilesService;
  profileManagers: ProfileManagersService;
  profileInvites: ProfileInvitesService;
  activities: ActivitiesService;
  events: EventsService;
  eventDetails: EventDetailService;
  eventChanges: EventChangesService;
  rsvp: RsvpService;
  attendance: AttendanceService;
  attendanceReports: AttendanceReportsService;
  /** The match page (DESIGN.md §9). */
  matches: MatchesService;
  /** Organisations' match format templates (DESIGN.md §9). */
  matchFormats: MatchFormatsService;
  /** Season stats from the matches' squads (DESIGN.md §9). */
  matchStats: MatchStatsService;
  /** Signed-out match share links (docs/decisions/030). */
  matchShare: MatchShareService;
  feeds: FeedsService;
  subscriptions: SubscriptionsService;
  enrolment: EnrolmentService;
  transitions: TransitionsService;
  dues: DuesService;
  paymentClaims: PaymentClaimsService;
  files: FilesService;
  admin: AdminService;
  config: ConfigService;
  clients: ClientsService;
  conversations: ConversationsService;
  messages: MessagesService;
  threads: ThreadsService;
  attachments: AttachmentsService;
  announcements: AnnouncementsService;
  notifications: NotificationsService;
  /** Push subscriptions and the fan-out of notifications to devices (docs/decisions/029). */
  push: PushService;
  /** RSVP reminders, sent by the interval job (attendance/rsvp-reminder-job.ts, docs/decisions/029). */
  rsvpReminders: RsvpRemindersService;
  /** Publishes realtime events after commits (docs/decisions/007); the app's bus. */
  realtime: RealtimePublisher;
}

/**
 * Sign-in settings from the environment: the app handoff's allow-listed
 * redirect URIs (`APP_REDIRECT_URIS`) and the keys that seal authenticator
 * secrets (`TOTP_ENCRYPTION_KEYS`, the first current). Absent (tools,
 * tests): the default app URI and the development key.
 */
export interface AuthSettings {
  appRedirectUris: readonly string[];
  totpKeys: readonly TotpKey[];
}

/** {@link AuthSettings} of tools and tests. */
export const DEFAULT_AUTH_SETTINGS: AuthSettings = {
  appRedirectUris: [DEFAULT_APP_REDIRECT_URI],
  totpKeys: [DEV_TOTP_KEY],
};

/**
 * Wires the services over one database, SMS provider, clock and file store
 * (in memory when absent: tools that never keep files; `npm start` passes
 * the configured disk or S3 store) and realtime publisher (the app's bus;
 * when absent a publish-only bus, so tools' changes still reach running
 * servers through NOTIFY), and push service (when absent one without
 * transports: tools send no pushes).
 */
export function createServices(
  db: Db,
  sms: SmsProvider,
  clock: Clock,
  fileStore: FileStore = new MemoryFileStore(),
  realtime: RealtimePublisher = new PgBus(db),
  authSettings: AuthSettings = DEFAULT_AUTH_SETTINGS,
  push: PushService = new PushService(db, clock),
): Services {
  const programs = new ProgramsService(db);
  const files = new FilesService(db, fileStore);
  const profiles = new ProfilesService(db, files);
  const orgs = new OrgsService(db, files);
  const notifications = new NotificationsService(db, clock, realtime, push);
  const conversations = new ConversationsService(db, profiles);
  const rsvp = new RsvpService(db, profiles, programs, clock, realtime, notifications);
  const feeds = new FeedsService(db, programs, profiles, clock);
  const auth = new AuthService(db, sms, clock);
  const totp = new TotpService(db, clock, new SecretBox(authSettings.totpKeys), auth.sessions);
  const transitions = new TransitionsService(db, programs, clock, realtime, notifications, rsvp);
  return {
    clock,
    auth,
    signInTokens: new SignInTokenService(db, clock, authSettings.appRedirectUris),
    totp,
    account: new AccountService(db, auth.sessions),
    accountDeletion: new AccountDeletionService(db, clock, auth, totp, transitions, feeds, files),
    home: new HomeService(db, clock, profiles, orgs, conversations),
    orgs,
    orgDetails: new OrgDetailService(db, clock),
    members: new MembersService(db, feeds),
    orgInvites: new OrgInvitesService(db, clock),
    search: new SearchService(db),
    programs,
    programSettings: new ProgramSettingsService(db, programs, feeds),
    publicPrograms: new PublicProgramService(db, clock),
    profiles,
    profileManagers: new ProfileManagersService(db, profiles, clock, feeds),
    profileInvites: new ProfileInvitesService(db, profiles, clock),
    activities: new ActivitiesService(db, profiles),
    events: new EventsService(db, programs, profiles, clock, realtime),
    eventDetails: new EventDetailService(db, programs, profiles, clock),
    eventChanges: new EventChangesService(db, programs, clock, realtime, notifications),
    rsvp,
    attendance: new AttendanceService(db, programs, clock, realtime),
    attendanceReports: new AttendanceReportsService(db, programs),
    matches: new MatchesService(db, programs, notifications, clock, realtime),
    matchFormats: new MatchFormatsService(db, clock),
    matchStats: new MatchStatsService(db, programs, profiles),
    matchShare: new MatchShareService(db, clock),
    feeds,
    subscriptions: new SubscriptionsService(db, programs, profiles, clock, realtime),
    enrolment: new EnrolmentService(db, profiles, clock, realtime, notifications),
    transitions,
    dues: new DuesService(db, clock),
    paymentClaims: new PaymentClaimsService(db, clock, programs),
    files,
    admin: new AdminService(db, auth.sessions),
    config: new ConfigService(db, clock, realtime),
    clients: new ClientsService(db, clock),
    conversations,
    messages: new MessagesService(db, conversations, notifications, files, realtime, clock),
    threads: new ThreadsService(db, conversations, clock),
    attachments: new AttachmentsService(db, conversations, files, clock),
    announcements: new AnnouncementsService(db, conversations, notifications, realtime, clock),
    notifications,
    push,
    rsvpReminders: new RsvpRemindersService(db, clock, notifications, push),
    realtime,
  };
}
