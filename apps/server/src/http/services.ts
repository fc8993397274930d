import { AccountService } from '../account/account.service.ts';
import { AuthService } from '../auth/auth.service.ts';
import type { SmsProvider } from '../auth/sms.ts';
import type { Db } from '../db/client.ts';
import { EventsService } from '../events/events.service.ts';
import type { Clock } from '../lib/clock.ts';
import { MembersService } from '../orgs/members.service.ts';
import { OrgsService } from '../orgs/orgs.service.ts';
import { ProfilesService } from '../profiles/profiles.service.ts';
import { SearchService } from '../search/search.service.ts';
import { ProgramSettingsService } from '../programs/program-settings.service.ts';
import { ProgramsService } from '../programs/programs.service.ts';
import { SubscriptionsService } from '../subscriptions/subscriptions.service.ts';
import { AdminService } from '../admin/admin.service.ts';
import { ClientsService } from '../clients/clients.service.ts';
import { ConfigService } from '../config/config.service.ts';
import type { FileStore } from '../files/file-store.ts';
import { FilesService } from '../files/files.service.ts';
import { MemoryFileStore } from '../files/memory-file-store.ts';

/** Every service of the server, wired once per app instance. */
export interface Services {
  clock: Clock;
  auth: AuthService;
  account: AccountService;
  orgs: OrgsService;
  members: MembersService;
  search: SearchService;
  programs: ProgramsService;
  programSettings: ProgramSettingsService;
  profiles: ProfilesService;
  events: EventsService;
  subscriptions: SubscriptionsService;
  files: FilesService;
  admin: AdminService;
  config: ConfigService;
  clients: ClientsService;
}

/**
 * Wires the services over one database, SMS provider, clock and file store
 * (in memory when absent: tools that never keep files; `npm start` passes
 * the configured disk or S3 store).
 */
export function createServices(
  db: Db,
  sms: SmsProvider,
  clock: Clock,
  fileStore: FileStore = new MemoryFileStore(),
): Services {
  const programs = new ProgramsService(db);
  const profiles = new ProfilesService(db);
  return {
    clock,
    auth: new AuthService(db, sms, clock),
    account: new AccountService(db),
    orgs: new OrgsService(db, clock),
    members: new MembersService(db, clock),
    search: new SearchService(db),
    programs,
    programSettings: new ProgramSettingsService(db, programs),
    profiles,
    events: new EventsService(db, programs, profiles),
    subscriptions: new SubscriptionsService(db, programs, profiles, clock),
    files: new FilesService(db, fileStore),
    admin: new AdminService(db),
    config: new ConfigService(db, clock),
    clients: new ClientsService(db),
  };
}
