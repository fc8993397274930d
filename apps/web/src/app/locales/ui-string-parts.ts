import { addUiStrings, type UiStringsPart } from '../i18n';

/**
 * The UI strings that are not in the core (`en-US/core.json`, bundled with
 * the entry), one lazily loaded chunk per feature area. A route names the
 * parts its page uses (`route-modules.ts`) and they load together with the
 * page's chunk, so the first screen carries only the core strings
 * (DESIGN.md §7: first screen <= 150 KB gzip; docs/decisions/004).
 */
const partLoaders = {
  account: () => import('./en-US/account.json'),
  admin: () => import('./en-US/admin.json'),
  attendance: () => import('./en-US/attendance.json'),
  conversations: () => import('./en-US/conversations.json'),
  events: () => import('./en-US/events.json'),
  home: () => import('./en-US/home.json'),
  'match-share': () => import('./en-US/match-share.json'),
  matches: () => import('./en-US/matches.json'),
  orgs: () => import('./en-US/orgs.json'),
  profiles: () => import('./en-US/profiles.json'),
  programs: () => import('./en-US/programs.json'),
  schedule: () => import('./en-US/schedule.json'),
} satisfies Record<string, () => Promise<{ default: UiStringsPart }>>;

/** The name of a lazily loaded part of the UI strings (`locales/en-US/<name>.json`). */
export type UiStringsPartName = keyof typeof partLoaders;

/**
 * Loads the named parts of the UI strings (in parallel) and adds them to the
 * `translation` namespace of the app's i18next instances (`addUiStrings`).
 * Resolves once every part is added; rejects like a failed chunk import
 * (network), which the route's error element shows.
 */
export async function loadUiStrings(names: readonly UiStringsPartName[]): Promise<void> {
  const modules = await Promise.all(names.map((name) => partLoaders[name]()));
  for (const module of modules) addUiStrings(module.default);
}
