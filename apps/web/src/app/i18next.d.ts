import type account from './locales/en-US/account.json';
import type admin from './locales/en-US/admin.json';
import type attendance from './locales/en-US/attendance.json';
import type conversations from './locales/en-US/conversations.json';
import type core from './locales/en-US/core.json';
import type events from './locales/en-US/events.json';
import type home from './locales/en-US/home.json';
import type matchShare from './locales/en-US/match-share.json';
import type matches from './locales/en-US/matches.json';
import type orgs from './locales/en-US/orgs.json';
import type profiles from './locales/en-US/profiles.json';
import type programs from './locales/en-US/programs.json';
import type schedule from './locales/en-US/schedule.json';

/**
 * All UI strings of the one `translation` namespace: the core and every lazily
 * loaded part merged (an intersection merges sections that two parts share,
 * e.g. `org.nav.*` in the core and the rest of `org.*` in `orgs`). Type-only:
 * nothing here is bundled.
 */
type UiStrings = typeof core &
  typeof account &
  typeof admin &
  typeof attendance &
  typeof conversations &
  typeof events &
  typeof home &
  typeof matchShare &
  typeof matches &
  typeof orgs &
  typeof profiles &
  typeof programs &
  typeof schedule;

declare module 'i18next' {
  /** Types `t()` keys against all en-US strings, so a missing string fails the type check. */
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: UiStrings };
  }
}
