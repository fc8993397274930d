import { describe, expect, it, vi } from 'vitest';
import { takeConsoleErrors } from '../test/console-errors';

/** Fresh copies of the i18n modules, so no lazily loaded part of the strings is there yet. */
async function freshI18n() {
  vi.resetModules();
  const { addUiStrings, createI18n } = await import('./i18n');
  const { loadUiStrings } = await import('./locales/ui-string-parts');
  return { addUiStrings, createI18n, loadUiStrings };
}

describe('i18n', () => {
  it('defaults to en-US with the core strings bundled', async () => {
    const { createI18n } = await freshI18n();
    const i18n = createI18n();
    expect(i18n.language).toBe('en-US');
    expect(i18n.t('login.sendCode')).toBe('Send code');
    expect(i18n.t('errors.network')).toMatch(/connection/i);
  });

  it('adds a loaded part to instances made before and after it, plurals included', async () => {
    const { createI18n, loadUiStrings } = await freshI18n();
    const before = createI18n();
    expect(before.exists('program.activeEnrolments', { count: 1 })).toBe(false);

    await loadUiStrings(['programs']);

    expect(before.t('program.activeEnrolments', { count: 1 })).toBe('1 active enrolment');
    const after = createI18n();
    expect(after.t('program.activeEnrolments', { count: 3 })).toBe('3 active enrolments');
  });

  it('merges a part into a section the core already has, keeping both', async () => {
    const { createI18n, loadUiStrings } = await freshI18n();
    const i18n = createI18n();
    expect(i18n.t('org.nav.settings')).toBe('Settings');
    expect(i18n.exists('org.noPrograms')).toBe(false);

    await loadUiStrings(['orgs']);

    expect(i18n.exists('org.noPrograms')).toBe(true);
    expect(i18n.t('org.nav.settings')).toBe('Settings');
  });

  it('does not let one instance change the strings another starts with', async () => {
    const { createI18n } = await freshI18n();
    const first = createI18n();
    first.addResourceBundle('en-US', 'translation', { nav: { home: 'Changed' } }, true, true);
    expect(first.t('nav.home')).toBe('Changed');
    expect(createI18n().t('nav.home')).toBe('Home');
  });

  it('adds the same part once however often it is loaded', async () => {
    const { addUiStrings, createI18n } = await freshI18n();
    const i18n = createI18n();
    const addBundle = vi.spyOn(i18n, 'addResourceBundle');
    const part = { nav: { extra: 'Extra' } };

    addUiStrings(part);
    addUiStrings(part);

    expect(addBundle).toHaveBeenCalledTimes(1);
    expect(i18n.t('nav.extra' as never)).toBe('Extra');
  });

  it('reports a missing string with console.error, so tests catch it', async () => {
    const { createI18n } = await freshI18n();
    const i18n = createI18n();
    i18n.t('no.such.key' as never);
    expect(takeConsoleErrors().map((args) => args[0])).toEqual(['Missing UI string: no.such.key']);
  });
});
