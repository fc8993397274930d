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
}

/** Wires the services over one database, SMS provider and clock. */
export function createServices(db: Db, sms: SmsProvider, clock: Clock): Services {
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
  };
}
