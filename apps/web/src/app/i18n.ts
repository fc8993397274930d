import { DEFAULT_LANGUAGE } from '@rally/shared/constants';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import enUS from './locales/en-US.json';

/** The UI strings of each language; en-US is the default (SPEC.md §9). */
export const resources = { [DEFAULT_LANGUAGE]: { translation: enUS } } as const;

/**
 * Creates the i18next instance of the app: en-US (SPEC.md §9), resources
 * bundled (no network), initialised synchronously so the first render has its
 * strings. A missing key is reported with `console.error`, which fails tests.
 */
export function createI18n(): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
    saveMissing: true,
    missingKeyHandler: (_languages, _namespace, key) => {
      console.error(`Missing UI string: ${key}`);
    },
  });
  return instance;
}
