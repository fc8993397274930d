import fs from 'node:fs';
import path from 'node:path';
import { appRoutes } from '@rally/shared/routes';
import { describe, expect, it } from 'vitest';
import { filesOfModule, parseRouteModules, preloadLinks } from './vite-route-chunks';

const ROUTE_MODULES = fs.readFileSync(
  path.join(import.meta.dirname, 'app/route-modules.ts'),
  'utf8',
);

describe('route-chunks.json (docs/decisions/018)', () => {
  it('reads every route and area layout of route-modules.ts, with its UI-string parts', () => {
    const parsed = parseRouteModules(ROUTE_MODULES);
    expect(Object.keys(parsed.routes).sort()).toEqual(appRoutes.map((r) => r.name).sort());
    expect(Object.keys(parsed.areas).sort()).toEqual(
      ['auth', 'main', 'org', 'profile', 'program', 'program-event'].sort(),
    );
    expect(parsed.routes.root).toEqual({
      specifier: '../features/home/pages/root-page',
      strings: ['home', 'schedule'],
    });
    expect(parsed.routes.login).toEqual({
      specifier: '../features/auth/pages/login-page',
      strings: [],
    });
    expect(parsed.areas['program-event']?.specifier).toBe('./layouts/program-event-layout');
    for (const entry of [...Object.values(parsed.routes), ...Object.values(parsed.areas)]) {
      const file = path.resolve(path.join(import.meta.dirname, 'app'), entry.specifier);
      expect(fs.existsSync(`${file}.tsx`) || fs.existsSync(`${file}.ts`), entry.specifier).toBe(
        true,
      );
    }
  });

  it('lists a chunk after its static imports, each chunk after its CSS, without what the entry loaded', () => {
    const chunk = (fileName: string, imports: string[], css: string[] = [], facade?: string) => ({
      type: 'chunk' as const,
      fileName,
      isEntry: fileName.startsWith('assets/index'),
      facadeModuleId: facade ?? null,
      imports,
      viteMetadata: { importedCss: new Set(css) },
    });
    const chunks = [
      chunk('assets/index-1.js', ['assets/runtime-1.js']),
      chunk('assets/runtime-1.js', []),
      chunk('assets/ui-1.js', ['assets/index-1.js'], ['assets/ui-1.css']),
      chunk('assets/app-1.js', ['assets/ui-1.js', 'assets/runtime-1.js']),
      chunk(
        'assets/page-1.js',
        ['assets/app-1.js', 'assets/ui-1.js'],
        ['assets/page-1.css'],
        '/src/page.tsx',
      ),
    ];
    const loaded = new Set(['assets/index-1.js', 'assets/runtime-1.js']);
    expect(filesOfModule(chunks, '/src/page.tsx', loaded)).toEqual([
      '/assets/ui-1.css',
      '/assets/ui-1.js',
      '/assets/app-1.js',
      '/assets/page-1.css',
      '/assets/page-1.js',
    ]);
    expect(filesOfModule(chunks, '/src/missing.tsx', loaded)).toEqual([]);
  });

  it('finds a module grouped into a chunk it is not the facade of (the app start in the shell)', () => {
    const chunks = [
      {
        type: 'chunk' as const,
        fileName: 'assets/index-1.js',
        isEntry: true,
        facadeModuleId: '/src/main.tsx',
        moduleIds: ['/src/main.tsx'],
        imports: ['assets/boot-1.js'],
      },
      {
        type: 'chunk' as const,
        fileName: 'assets/boot-1.js',
        isEntry: false,
        facadeModuleId: null,
        moduleIds: ['/src/app/boot.ts'],
        imports: [],
      },
      {
        type: 'chunk' as const,
        fileName: 'assets/shell-1.js',
        isEntry: false,
        facadeModuleId: null,
        moduleIds: ['/node_modules/react/index.js', '/src/app/launch.tsx'],
        imports: ['assets/boot-1.js'],
        viteMetadata: { importedCss: new Set(['assets/shell-1.css']) },
      },
    ];
    const loaded = new Set(['assets/index-1.js', 'assets/boot-1.js']);
    expect(filesOfModule(chunks, '/src/app/launch.tsx', loaded)).toEqual([
      '/assets/shell-1.css',
      '/assets/shell-1.js',
    ]);
  });

  it('names the first screen files in index.html in the mode the app loads them (crossorigin)', () => {
    expect(preloadLinks(['/assets/shell-1.css', '/assets/shell-1.js'])).toBe(
      '<link rel="preload" as="style" crossorigin href="/assets/shell-1.css">' +
        '<link rel="modulepreload" crossorigin href="/assets/shell-1.js">',
    );
  });

  it('refuses a route-modules.ts without its tables', () => {
    expect(() => parseRouteModules('export const x = 1;')).toThrow(/routeModules/);
  });
});
