import { DEFAULT_LANGUAGE } from '@rally/shared/constants';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import coreStrings from './locales/en-US/core.json';

/**
 * A part of the UI strings: a nested object of the one `translation`
 * namespace whose leaves are strings (`{ org: { nav: { settings: '...' } } }`).
 * The parts are disjoint: each key lives in exactly one of them
 * (`locales/en-US/*.json`, docs/decisions/004).
 */
export interface UiStringsPart {
  [key: string]: string | UiStringsPart;
}

/**
 * Every i18next instance `createI18n` made (one in the app, one per render in
 * tests); a part loaded later is added to each.
 */
const instances = new Set<I18n>();
/** The parts loaded so far besides the core, in load order; a new instance starts with them. */
const loadedParts: UiStringsPart[] = [];

/**
 * Adds a part of the UI strings (loaded with a route's page, see
 * `locales/ui-string-parts.ts`) to the `translation` namespace of every
 * instance, now and created later. A deep merge: a part may add keys under a
 * section the core already has (`org.nav.*` in the core, the rest of `org.*`
 * with the org pages). Adding the same part again changes nothing.
 */
export function addUiStrings(part: UiStringsPart): void {
  if (loadedParts.includes(part)) return;
  loadedParts.push(part);
  for (const instance of instances) {
    instance.addResourceBundle(DEFAULT_LANGUAGE, 'translation', part, true, true);
  }
}

/**
 * Creates the i18next instance of the app: en-US (SPEC.md §9), initialised
 * synchronously with the core strings (app shell, navigation, layouts,
 * sign-in pages, errors; bundled, no network) so the first render has its
 * strings; each page's own strings join the same namespace when its route
 * loads (`addUiStrings`). A missing key is reported with `console.error`,
 * which fails tests.
 */
export function createI18n(): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    // A copy: i18next merges later parts into the object it is given.
    resources: { [DEFAULT_LANGUAGE]: { translation: structuredClone(coreStrings) } },
    initAsync: false,
    interpolation: { escapeValue: false },
    saveMissing: true,
    missingKeyHandler: (_languages, _namespace, key) => {
      console.error(`Missing UI string: ${key}`);
    },
  });
  for (const part of loadedParts) {
    instance.addResourceBundle(DEFAULT_LANGUAGE, 'translation', part, true, true);
  }
  instances.add(instance);
  return instance;
}
