import { describe, expect, it } from 'vitest';
import { takeConsoleErrors } from '../test/console-errors';
import { createI18n } from './i18n';

describe('i18n', () => {
  it('defaults to en-US with the bundled strings', () => {
    const i18n = createI18n();
    expect(i18n.language).toBe('en-US');
    expect(i18n.t('login.sendCode')).toBe('Send code');
    expect(i18n.t('program.activeEnrolments', { count: 1 })).toBe('1 active enrolment');
    expect(i18n.t('program.activeEnrolments', { count: 3 })).toBe('3 active enrolments');
  });

  it('reports a missing string with console.error, so tests catch it', () => {
    const i18n = createI18n();
    i18n.t('no.such.key' as never);
    expect(takeConsoleErrors().map((args) => args[0])).toEqual(['Missing UI string: no.such.key']);
  });
});
