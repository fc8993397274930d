import { DEFAULT_LANGUAGE } from '@rally/shared/constants';
import { describe, expect, it, vi } from 'vitest';
import {
  flattenKeys,
  keysReferencedBy,
  moduleGraph,
  sourceOf,
  unknownKeysInCalls,
  unusedKeys,
  type StringsTree,
} from '../../test/ui-string-usage';

// The UI strings are a bundled core plus parts that load with their routes (docs/decisions/004).
// Which keys a page uses is read from its code and everything it imports
// (`test/ui-string-usage.ts`), so untested branches count as well.

/** Every part of the en-US strings by name (`core`, `programs`...). */
const parts: Record<string, StringsTree> = Object.fromEntries(
  Object.entries(
    import.meta.glob<StringsTree>('./en-US/*.json', { import: 'default', eager: true }),
  ).map(([path, tree]) => [/([\w-]+)\.json$/.exec(path)?.[1] ?? path, tree]),
);
const keysByPart = Object.fromEntries(
  Object.entries(parts).map(([name, tree]) => [name, flattenKeys(tree)]),
);
const allKeys = [...new Set(Object.values(keysByPart).flat())];
const coreKeys = new Set(keysByPart.core);

/** The parts that hold `key`. */
const partsOf = (key: string) =>
  Object.keys(keysByPart).filter((name) => keysByPart[name]?.includes(key));

const ROUTE_MODULES = '/src/app/route-modules.ts';
/** Loaded by the layouts only while attendance marks wait, together with the `attendance` strings. */
const ATTENDANCE_OUTBOX_SYNC = '/src/features/attendance/use-attendance-outbox.ts';

/** The page or layout file a loader in `route-modules.ts` imports (`'../features/x'`, `'./layouts/x'`). */
const fileOf = (specifier: string) =>
  `/src/${specifier.startsWith('../') ? specifier.slice(3) : `app/${specifier.slice(2)}`}.tsx`;

/** Each route (or area layout) of `route-modules.ts` with the file its loader imports. */
function routeFiles(table: 'routeModules' | 'areaLayouts'): [string, string][] {
  const source = sourceOf(ROUTE_MODULES);
  const start = source.indexOf(`export const ${table}`);
  const end = source.indexOf('\n};', start);
  return [
    ...source
      .slice(start, end)
      .matchAll(/\n {2}'?([\w-]+)'?: (?:page|layout)\(\s*\(\) => import\('([^']+)'\)/g),
  ].map(([, name = '', specifier = '']) => [name, fileOf(specifier)]);
}

/** Fresh copies of the i18n and route modules, so no part is loaded yet. */
async function freshModules() {
  vi.resetModules();
  const i18nModule = await import('../i18n');
  const routes = await import('../route-modules');
  return { i18n: i18nModule.createI18n(), routes };
}

const hasString = (i18n: Awaited<ReturnType<typeof freshModules>>['i18n'], key: string) =>
  i18n.getResource(DEFAULT_LANGUAGE, 'translation', key) !== undefined;

describe('the split UI strings', () => {
  it('keeps each key in exactly one part', () => {
    const duplicated = allKeys
      .map((key) => [key, partsOf(key)] as const)
      .filter(([, names]) => names.length > 1)
      .map(([key, names]) => `${key} in ${names.join(', ')}`);
    expect(duplicated).toEqual([]);
    expect(Object.keys(parts)).toContain('core');
  });

  it('holds no string the app never uses', () => {
    expect(unusedKeys(allKeys)).toEqual([]);
  });

  it('has every key a t() call names', () => {
    expect(unknownKeysInCalls(allKeys)).toEqual([]);
  });

  it('has in the core every string the entry, the guard, the error pages and the layouts use', async () => {
    const entryFiles = moduleGraph('/src/app/launch.tsx', [ROUTE_MODULES]);
    const layouts = routeFiles('areaLayouts');
    expect(layouts.map(([name]) => name)).toEqual([
      'auth',
      'main',
      'org',
      'program',
      'program-event',
      'profile',
    ]);
    const layoutFiles = layouts.flatMap(([, file]) => [
      ...moduleGraph(file, [ROUTE_MODULES, ATTENDANCE_OUTBOX_SYNC]),
    ]);
    expect(
      layouts.some(([, file]) => moduleGraph(file, [ROUTE_MODULES]).has(ATTENDANCE_OUTBOX_SYNC)),
    ).toBe(true);
    expect(sourceOf('/src/app/layouts/waiting-marks-sync.tsx')).toMatch(
      /loadUiStrings\(\['attendance'\]\)/,
    );
    const used = keysReferencedBy([...entryFiles, ...layoutFiles], allKeys);
    const { i18n } = await freshModules();
    expect([...used].filter((key) => !hasString(i18n, key))).toEqual([]);
    expect(used.size).toBeGreaterThan(50);
  });

  it("has each page's strings once its route module has loaded, and not before", async () => {
    const routes = routeFiles('routeModules');
    const { routes: loaded } = await freshModules();
    expect(routes.map(([name]) => name).sort()).toEqual(Object.keys(loaded.routeModules).sort());

    const missing: string[] = [];
    for (const [name, file] of routes) {
      const used = keysReferencedBy(moduleGraph(file), allKeys);
      const { i18n, routes: fresh } = await freshModules();
      const ownStrings = [...used].filter((key) => !coreKeys.has(key));
      expect(ownStrings.filter((key) => hasString(i18n, key))).toEqual([]);

      await fresh.routeModules[name as keyof typeof fresh.routeModules]();
      missing.push(
        ...[...used].filter((key) => !hasString(i18n, key)).map((key) => `${name}: ${key}`),
      );
    }
    expect(missing).toEqual([]);
  }, 120_000);

  it('loads the program page strings with its route module, not with the entry', async () => {
    const { i18n, routes } = await freshModules();
    expect(i18n.exists('program.activeEnrolments', { count: 2 })).toBe(false);

    await routes.routeModules.program();

    expect(i18n.t('program.activeEnrolments', { count: 2 })).toBe('2 active enrolments');
    expect(i18n.t('program.nav.overview')).toBe('Overview');
  });
});
