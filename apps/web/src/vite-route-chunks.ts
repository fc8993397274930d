import fs from 'node:fs';
import path from 'node:path';
import type { ChunkingContext } from 'rolldown';
import type { Plugin } from 'vite';

// A Vite plugin of apps/web/vite.config.ts (build code, never bundled into the app).

/** Name of the file the build writes beside index.html (read by the server, apps/server/src/http/route-hints.ts). */
export const ROUTE_CHUNKS_FILE = 'route-chunks.json';

/**
 * What `route-chunks.json` holds: for each area layout (`areas`, by
 * `RouteArea`) and each route of SPEC.md §2 (`routes`, by route name), the
 * URLs of the files its lazy module needs beyond the entry — its chunk, the
 * chunks that chunk imports statically (recursively), their CSS and the
 * chunks of the UI-string parts the route loads with its page
 * (`/assets/login-page-abc123.js`, `/assets/ui-def456.css`), in load order.
 */
export interface RouteChunks {
  areas: Record<string, string[]>;
  routes: Record<string, string[]>;
}

/** One lazy module of route-modules.ts: the specifier it imports and the UI-string parts loaded with it. */
export interface RouteModuleSource {
  specifier: string;
  strings: string[];
}

/** An object key of route-modules.ts's tables: `login: page(` or `'verify-token': page(` at the start of a line. */
const ENTRY = /^ {2}(?:'([\w-]+)'|([\w-]+)): (?:page|layout)\(/gm;
const IMPORT = /import\('([^']+)'\)/;
/** The UI-string parts argument of `page(...)`: `['events', 'home']`. */
const STRINGS = /\[\s*('[\w-]+'(?:\s*,\s*'[\w-]+')*)\s*,?\s*\]/;

/**
 * Reads the lazy modules of apps/web/src/app/route-modules.ts from its
 * source: `routeModules` (route name → page) and `areaLayouts` (area →
 * layout), each entry's `import('...')` specifier and its UI-string parts.
 * Throws when either table is missing (the file was reorganised: this
 * parser must follow; route-chunks.test.ts checks every route is found).
 */
export function parseRouteModules(source: string): {
  routes: Record<string, RouteModuleSource>;
  areas: Record<string, RouteModuleSource>;
} {
  const routesAt = source.indexOf('export const routeModules');
  const areasAt = source.indexOf('export const areaLayouts');
  if (routesAt < 0 || areasAt < 0) {
    throw new Error('route-modules.ts has no `routeModules` or `areaLayouts` table');
  }
  const table = (text: string) => {
    const entries: Record<string, RouteModuleSource> = {};
    const starts = [...text.matchAll(ENTRY)];
    starts.forEach((match, i) => {
      const body = text.slice(match.index, starts[i + 1]?.index ?? text.length);
      const specifier = IMPORT.exec(body)?.[1];
      const key = match[1] ?? match[2];
      if (!specifier || !key) return;
      const strings = STRINGS.exec(body.slice(body.indexOf(specifier)))?.[1];
      entries[key] = {
        specifier,
        strings: strings ? [...strings.matchAll(/'([\w-]+)'/g)].map((m) => m[1]!) : [],
      };
    });
    return entries;
  };
  const [routesText, areasText] =
    routesAt < areasAt
      ? [source.slice(routesAt, areasAt), source.slice(areasAt)]
      : [source.slice(routesAt), source.slice(areasAt, routesAt)];
  return { routes: table(routesText), areas: table(areasText) };
}

/** The part of an output chunk this plugin reads (Rollup/Rolldown `OutputChunk` with Vite's metadata). */
interface ChunkLike {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  /** The modules the chunk holds (a module grouped into a chunk is not its facade). */
  moduleIds?: string[];
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * The files (URLs under `base`) the lazy chunk of `moduleId` needs, in load
 * order: its static imports first (depth first), then the chunk itself,
 * each chunk's CSS before it; files in `loaded` (the entry and what it
 * imports) are left out. The chunk is the one with `moduleId` as its
 * facade, else the one holding it (a group chunk). Empty when there is none.
 */
export function filesOfModule(
  chunks: ChunkLike[],
  moduleId: string,
  loaded: ReadonlySet<string>,
  base = '/',
): string[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const start =
    chunks.find((chunk) => chunk.facadeModuleId === moduleId) ??
    chunks.find((chunk) => chunk.moduleIds?.includes(moduleId));
  if (!start) return [];
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (chunk: ChunkLike) => {
    if (seen.has(chunk.fileName) || loaded.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const imported of chunk.imports) {
      const next = byFile.get(imported);
      if (next) visit(next);
    }
    for (const css of chunk.viteMetadata?.importedCss ?? []) {
      if (!files.includes(base + css)) files.push(base + css);
    }
    files.push(base + chunk.fileName);
  };
  visit(start);
  return files;
}

const staticImportsCache = new WeakMap<object, Set<string>>();

/**
 * The ids of `moduleId` and of every module it imports statically,
 * recursively (dynamic imports not followed), from Rolldown's module graph
 * during chunking (`ctx` of a `codeSplitting` group's `name` function).
 * Computed once per chunking pass (cached on the module's info object).
 * Empty when `moduleId` is not in the graph.
 */
export function staticImportsOf(moduleId: string, ctx: ChunkingContext): Set<string> {
  const root = ctx.getModuleInfo(moduleId);
  if (!root) return new Set();
  const cached = staticImportsCache.get(root);
  if (cached) return cached;
  const ids = new Set<string>();
  const pending = [moduleId];
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (ids.has(id)) continue;
    ids.add(id);
    for (const imported of ctx.getModuleInfo(id)?.importedIds ?? []) pending.push(imported);
  }
  staticImportsCache.set(root, ids);
  return ids;
}

/**
 * `<link>` tags for the first screen's files, `/assets/...` URLs:
 * `modulepreload` for scripts, `preload as="style"` for style sheets (both
 * `crossorigin`, the mode Vite's loader requests them in, so the preloaded
 * response is the one used).
 */
export function preloadLinks(files: readonly string[]): string {
  return files
    .map((file) =>
      file.endsWith('.css')
        ? `<link rel="preload" as="style" crossorigin href="${file}">`
        : `<link rel="modulepreload" crossorigin href="${file}">`,
    )
    .join('');
}

/** The chunks of a bundle (Rollup/Rolldown `OutputBundle` values), as this plugin reads them. */
function chunksOf(bundle: Record<string, { type: string }>): ChunkLike[] {
  return Object.values(bundle).filter(
    (item): item is typeof item & ChunkLike => item.type === 'chunk',
  );
}

/** The entry chunk and every chunk it imports statically, recursively (file names). */
function entryFiles(chunks: ChunkLike[]): Set<string> {
  const loaded = new Set<string>();
  const markLoaded = (fileName: string) => {
    if (loaded.has(fileName)) return;
    loaded.add(fileName);
    for (const imported of chunks.find((c) => c.fileName === fileName)?.imports ?? []) {
      markLoaded(imported);
    }
  };
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (entry) markLoaded(entry.fileName);
  return loaded;
}

/**
 * Writes `route-chunks.json` ({@link RouteChunks}) into the build, so the
 * server can name in a deep link's index.html the files its route will
 * load (`<link rel="modulepreload">`, docs/decisions/018): the browser then
 * downloads them while the entry chunk downloads and runs, instead of after.
 * The route → module table is read from `routeModulesFile`
 * (src/app/route-modules.ts; {@link parseRouteModules}); the UI-string parts
 * from `stringPartsDir` (`src/app/locales/en-US/<part>.json`).
 *
 * The entry is only the boot step (src/main.tsx); `launchModule`
 * (src/app/launch.tsx) is the app's start, which the entry imports once the
 * boot screen is painted. index.html names its files in `<head>`
 * ({@link preloadLinks}), so they download while the boot screen paints,
 * and they count as loaded for every route.
 */
export function routeChunks(options: {
  launchModule: string;
  routeModulesFile: string;
  stringPartsDir: string;
}): Plugin {
  let base = '/';
  const launchFiles = (chunks: ChunkLike[]) =>
    filesOfModule(chunks, options.launchModule, entryFiles(chunks), base);
  return {
    name: 'rally:route-chunks',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const files = launchFiles(chunksOf(ctx.bundle));
        if (files.length === 0) throw new Error('the build has no chunk for the launch module');
        return html.replace('</head>', `${preloadLinks(files)}</head>`);
      },
    },
    generateBundle(_options, bundle) {
      const source = fs.readFileSync(options.routeModulesFile, 'utf8');
      const parsed = parseRouteModules(source);
      const chunks = chunksOf(bundle);
      const loaded = entryFiles(chunks);
      for (const file of launchFiles(chunks)) loaded.add(file.slice(base.length));
      const dir = path.dirname(options.routeModulesFile);
      const moduleIdOf = (specifier: string) => {
        const target = path.resolve(dir, specifier);
        return chunks.find(
          (chunk) => chunk.facadeModuleId?.replace(/\.(?:tsx?|jsx?)$/, '') === target,
        )?.facadeModuleId;
      };
      const filesOf = (entryOf: RouteModuleSource) => {
        const moduleId = moduleIdOf(entryOf.specifier);
        const files = moduleId ? filesOfModule(chunks, moduleId, loaded, base) : [];
        for (const part of entryOf.strings) {
          const partId = path.join(options.stringPartsDir, `${part}.json`);
          for (const file of filesOfModule(chunks, partId, loaded, base)) {
            if (!files.includes(file)) files.push(file);
          }
        }
        return files;
      };
      const result: RouteChunks = { areas: {}, routes: {} };
      for (const [area, entryOf] of Object.entries(parsed.areas)) {
        result.areas[area] = filesOf(entryOf);
      }
      for (const [name, entryOf] of Object.entries(parsed.routes)) {
        result.routes[name] = filesOf(entryOf);
      }
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_CHUNKS_FILE,
        source: `${JSON.stringify(result, null, 2)}\n`,
      });
    },
  };
}
