import type enUS from './locales/en-US.json';

declare module 'i18next' {
  /** Types `t()` keys against the en-US resource, so a missing string fails the type check. */
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof enUS };
  }
}
