#!/usr/bin/env node
/**
 * Measures the web app's JS by docs/decisions/004's method and prints the
 * tables of DESIGN.md §7's budgets (first screen <= 150 KB gzip, each lazy
 * route <= 50 KB gzip): every file gzipped at level 9, JS only (first-screen
 * CSS on its own line), KB = 1,000 bytes.
 *
 * - First screen: the entry script and every `modulepreload` of
 *   `dist/index.html`.
 * - Lazy chunks of the entry that are not pages, layouts or strings (the root
 *   view's live-update check, loaded after the first render of every page;
 *   the toasts, on the first toast), each with its imports beyond the first
 *   screen.
 * - Layouts (`areaLayouts` of `src/app/route-modules.ts`): the layout chunk
 *   and everything it imports statically that the first screen does not hold
 *   (what the first page of an area fetches besides the page itself); and
 *   what the live-update check adds after the first render.
 * - Routes (`routeModules`): the page chunk; the page with its static imports
 *   that are in neither the first screen nor its area's layout; the strings
 *   parts loaded with it; their total (the lazy-route budget); and a first
 *   visit (first screen + layout + route).
 * - Fails when the canvas library (Konva, the score card's; docs/decisions/030)
 *   is in any of those bytes: it loads on its own, when a card is shared.
 * - Parts on demand: what each page loads on first use (its `lazyPart`s),
 *   beyond the first screen, its layout and itself.
 *
 * Usage (repo root): `npm run measure:web` builds (`vite build --manifest`,
 * production mode) and prints. Options (after `--`): `--no-build` measures
 * the existing `apps/web/dist` (built with `--manifest`); `--chunks` lists the
 * files behind each layout and lazy chunk; `--sources=<route>` or
 * `--sources=layout:<area>` (or `--sources=first-screen`) lists the source
 * modules behind that route's, layout's (or the first screen's) bytes (each file's gzip size shared out by the bytes each source
 * has in it, from the source maps: an estimate). Needs nothing beyond Node.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const WEB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REPO_ROOT = path.resolve(WEB_DIR, '../..');
const DIST_DIR = path.join(WEB_DIR, 'dist');
const FIRST_SCREEN_BUDGET_KB = 150;
const ROUTE_BUDGET_KB = 50;
/** Lazy chunks the root view (src/app/root-view.tsx) loads after the first render of every page. */
const EVERY_PAGE_AFTER_RENDER = ['src/app/use-live-update.ts'];

const argv = process.argv.slice(2);
const showChunks = argv.includes('--chunks');
const sourcesOf = argv.find((arg) => arg.startsWith('--sources='))?.slice('--sources='.length);
const print = (line = '') => process.stdout.write(`${line}\n`);

if (!argv.includes('--no-build')) {
  execFileSync('npx', ['vite', 'build', '--manifest', '--logLevel', 'warn'], {
    cwd: WEB_DIR,
    stdio: 'inherit',
    // The production bundle whatever the calling shell sets (e.g. NODE_ENV=test).
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

const manifest = readJson(path.join(DIST_DIR, '.vite/manifest.json'));
const indexHtml = readFileSync(path.join(DIST_DIR, 'index.html'), 'utf8');

const gzipSizes = new Map();
/** Gzip -9 size in bytes of a file of dist. */
function gzipBytes(file) {
  if (!gzipSizes.has(file)) {
    gzipSizes.set(file, gzipSync(readFileSync(path.join(DIST_DIR, file)), { level: 9 }).length);
  }
  return gzipSizes.get(file);
}
const sum = (files) => [...files].reduce((total, file) => total + gzipBytes(file), 0);
const kb = (bytes) => (bytes / 1000).toFixed(1);

/** The JS files of a manifest chunk and of all its static imports (not its dynamic ones). */
function closure(key, files = new Set(), seen = new Set()) {
  if (seen.has(key)) return files;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`measure-bundle: ${key} is not in the Vite manifest`);
  if (chunk.file.endsWith('.js')) files.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(imported, files, seen);
  return files;
}
const minus = (files, ...others) =>
  new Set([...files].filter((file) => !others.some((other) => other.has(file))));
const union = (...sets) => new Set(sets.flatMap((set) => [...set]));

/** The manifest key of a source path relative to apps/web, with or without its extension. */
function manifestKey(source, { optional = false } = {}) {
  const key = [source, `${source}.tsx`, `${source}.ts`].find((candidate) => manifest[candidate]);
  if (!key && !optional) {
    throw new Error(`measure-bundle: no chunk for ${source} (build with --manifest)`);
  }
  return key;
}

// The first screen: what dist/index.html loads before anything renders.
const htmlRefs = (pattern) => [...indexHtml.matchAll(pattern)].map((match) => match[1]);
const [entryScript] = htmlRefs(/<script type="module"[^>]*src="\/([^"]+)"/g);
if (!entryScript) throw new Error('measure-bundle: no entry script in dist/index.html');
const firstScreen = new Set([
  entryScript,
  ...htmlRefs(/<link rel="modulepreload"[^>]*href="\/([^"]+)"/g),
]);
const stylesheets = htmlRefs(/<link rel="stylesheet"[^>]*href="\/([^"]+)"/g);

// The route table: name -> area (packages/shared/src/routes.ts); name -> page
// module and strings parts (routeModules), area -> layout (areaLayouts).
const routesSource = readFileSync(path.join(REPO_ROOT, 'packages/shared/src/routes.ts'), 'utf8');
const areaOf = new Map(
  [...routesSource.matchAll(/name: '([^']+)',[^}]*?area: '([^']+)'/g)].map((m) => [m[1], m[2]]),
);
const routeModulesPath = path.join(WEB_DIR, 'src/app/route-modules.ts');
const routeModulesSource = readFileSync(routeModulesPath, 'utf8');
const PAGE_ENTRY =
  /'?([\w-]+)'?: (?:page|layout)\(\s*\(\) => import\('([^']+)'\),\s*\(m\) => m\.\w+,?(?:\s*\[([^\]]*)\],?)?\s*\)/g;
// A layout the first screen imports statically (the main layout, in `app`)
// has no chunk of its own: it is measured with the chunk it is in.
const readPageEntries = (source, { optional = false } = {}) =>
  [...source.matchAll(PAGE_ENTRY)]
    .map((m) => ({
      name: m[1],
      key: manifestKey(path.relative(WEB_DIR, path.resolve(path.dirname(routeModulesPath), m[2])), {
        optional,
      }),
      strings: m[3]?.match(/[\w-]+/g) ?? [],
    }))
    .filter((entry) => entry.key);
const layoutsAt = routeModulesSource.indexOf('export const areaLayouts');
const routes = readPageEntries(routeModulesSource.slice(0, layoutsAt));
const layouts = readPageEntries(routeModulesSource.slice(layoutsAt), { optional: true });
const unread = [...areaOf.keys()].filter((name) => !routes.some((route) => route.name === name));
if (layoutsAt === -1 || layouts.length === 0 || unread.length > 0) {
  throw new Error(
    `measure-bundle: could not read route-modules.ts (missing: ${unread.join(', ')})`,
  );
}
const stringsFile = (part) => manifest[manifestKey(`src/app/locales/en-US/${part}.json`)].file;

const afterRender = EVERY_PAGE_AFTER_RENDER.filter((key) => manifest[key]);
const afterRenderFiles = union(...afterRender.map((key) => closure(key)));

// What each layout and route fetches beyond the first screen.
const layoutFiles = new Map(layouts.map((layout) => [layout.name, closure(layout.key)]));
const measured = new Map([['first-screen', firstScreen]]);
for (const layout of layouts) {
  measured.set(`layout:${layout.name}`, minus(layoutFiles.get(layout.name), firstScreen));
}
for (const route of routes) {
  const layout = layoutFiles.get(areaOf.get(route.name)) ?? new Set();
  const page = minus(closure(route.key), firstScreen, layout);
  measured.set(route.name, union(page, new Set(route.strings.map(stringsFile))));
}

// The canvas drawing library draws only the shareable score card and loads
// when someone shares one (docs/decisions/030): a chunk of its own
// (vite.config.ts, group `konva`), whose bytes no first screen, layout or
// route holds. Read from the source maps, so Konva inlined anywhere counts.
const konvaSources = new Map();
/** Whether a file of dist holds code of Konva (its source map names node_modules/konva). */
function holdsKonva(file) {
  if (!konvaSources.has(file)) {
    const mapFile = path.join(DIST_DIR, `${file}.map`);
    konvaSources.set(
      file,
      existsSync(mapFile) &&
        readJson(mapFile).sources.some((source) => /node_modules\/konva\//.test(source)),
    );
  }
  return konvaSources.get(file);
}
const holdingKonva = [...measured]
  .filter(([, files]) => [...files].some(holdsKonva))
  .map(([name]) => name);
if (holdingKonva.length > 0) {
  throw new Error(
    `measure-bundle: the canvas library is in the bytes of ${holdingKonva.join(', ')}`,
  );
}
const konvaChunks = Object.values(manifest)
  .map((chunk) => chunk.file)
  .filter((file) => file.endsWith('.js') && holdsKonva(file));

// Printing.
function table(header, rows) {
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((r) => `${r[i]}`.length)));
  const line = (cells) =>
    cells.map((c, i) => (i === 0 ? `${c}`.padEnd(widths[i]) : `${c}`.padStart(widths[i])));
  print(line(header).join(' | '));
  print(widths.map((width) => '-'.repeat(width)).join('-|-'));
  for (const row of rows) print(line(row).join(' | '));
  print();
}
function listFiles(title, files) {
  print(`  ${title}:`);
  for (const file of [...files].sort((a, b) => gzipBytes(b) - gzipBytes(a))) {
    print(`    ${kb(gzipBytes(file)).padStart(6)}  ${path.basename(file)}`);
  }
}

const firstScreenBytes = sum(firstScreen);
print('Rally web bundle (docs/decisions/004 method: gzip -9, JS only, KB = 1,000 bytes)');
print();
table(
  ['first screen', 'KB'],
  [
    [`JS, ${firstScreen.size} files (budget ${FIRST_SCREEN_BUDGET_KB})`, kb(firstScreenBytes)],
    ['of which the entry chunk', kb(gzipBytes(entryScript))],
    ['CSS', kb(sum(stylesheets))],
  ],
);

const pageKeys = new Set([...routes, ...layouts].map((entry) => entry.key));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const otherLazy = (manifest[entryKey].dynamicImports ?? []).filter(
  (key) => !pageKeys.has(key) && !key.startsWith('src/app/locales/'),
);
table(
  ['other lazy chunks of the entry', 'beyond first screen'],
  otherLazy.map((key) => [key, kb(sum(minus(closure(key), firstScreen)))]),
);
if (showChunks) {
  for (const key of otherLazy) listFiles(key, minus(closure(key), firstScreen));
  print();
}

table(
  ['layout', 'layout chunk', 'beyond first screen', 'files', '+ after render'],
  layouts.map((layout) => [
    layout.name,
    kb(gzipBytes(manifest[layout.key].file)),
    kb(sum(measured.get(`layout:${layout.name}`))),
    measured.get(`layout:${layout.name}`).size,
    kb(sum(minus(afterRenderFiles, firstScreen, layoutFiles.get(layout.name)))),
  ]),
);
print(`+ after render: what ${afterRender.join(', ')} adds after the first render of every page.`);
print();
if (showChunks) {
  for (const layout of layouts) listFiles(layout.name, measured.get(`layout:${layout.name}`));
  print();
}

table(
  [
    'route',
    'layout',
    'page chunk',
    'page + imports',
    'strings parts',
    'strings',
    'total',
    'first visit',
  ],
  routes.map((route) => {
    const layout = layoutFiles.get(areaOf.get(route.name)) ?? new Set();
    const stringsBytes = sum(new Set(route.strings.map(stringsFile)));
    const total = sum(measured.get(route.name));
    return [
      route.name,
      areaOf.get(route.name),
      kb(gzipBytes(manifest[route.key].file)),
      kb(total - stringsBytes),
      route.strings.join('+') || '-',
      kb(stringsBytes),
      `${kb(total)}${total > ROUTE_BUDGET_KB * 1000 ? ' !' : ''}`,
      kb(firstScreenBytes + sum(minus(layout, firstScreen)) + total),
    ];
  }),
);
print(
  `total = page + imports + strings (! = over the ${ROUTE_BUDGET_KB} KB lazy-route budget); ` +
    'first visit = first screen + layout + total.',
);
print(
  konvaChunks.length > 0
    ? `canvas library (score card): ${konvaChunks.map((file) => `${path.basename(file)} ${kb(gzipBytes(file))} KB`).join(', ')}, in no route's bytes`
    : 'canvas library (score card): not in the build (nothing imports the score card)',
);
print();

// Parts a page loads on first use (`lazyPart`: a dynamic import in the page's
// own chunks, not the shell's or the layout's): not in its total, so listed
// here, each with what it adds beyond the first screen, layout and route.
const onDemand = routes.flatMap((route) => {
  const layout = layoutFiles.get(areaOf.get(route.name)) ?? new Set();
  const loaded = union(firstScreen, layout, closure(route.key));
  const dynamic = new Set(
    [...minus(closure(route.key), firstScreen, layout)]
      .flatMap((file) => Object.values(manifest).filter((chunk) => chunk.file === file))
      .flatMap((chunk) => chunk.dynamicImports ?? [])
      .filter((key) => !pageKeys.has(key) && !key.startsWith('src/app/locales/')),
  );
  return [...dynamic]
    .map((key) => [route.name, key, sum(minus(closure(key), loaded))])
    .filter(([, , bytes]) => bytes >= 1000)
    .map(([name, key, bytes]) => [
      name,
      key,
      `${kb(bytes)}${bytes > ROUTE_BUDGET_KB * 1000 ? ' !' : ''}`,
    ]);
});
table(['route', 'part on demand (1 KB or more)', 'adds'], onDemand);

if (sourcesOf) {
  const files = measured.get(sourcesOf);
  if (!files) {
    throw new Error(`measure-bundle: no route, layout:<area> or first-screen named ${sourcesOf}`);
  }
  const bySource = new Map();
  for (const file of files) {
    for (const [source, bytes] of gzipBySource(file)) {
      bySource.set(source, (bySource.get(source) ?? 0) + bytes);
    }
  }
  print();
  print(`${sourcesOf}: sources beyond the first screen (estimated KB gzip)`);
  const sorted = [...bySource].sort((a, b) => b[1] - a[1]);
  for (const [source, bytes] of sorted) print(`  ${kb(bytes).padStart(6)}  ${source}`);
}

/**
 * A file's gzip size shared out among its source modules by the generated
 * bytes each one accounts for (source map v3 mappings; bytes no mapping covers
 * count as "(no source)").
 */
function gzipBySource(file) {
  const code = readFileSync(path.join(DIST_DIR, file), 'utf8');
  const mapFile = path.join(DIST_DIR, `${file}.map`);
  if (!existsSync(mapFile)) return new Map([[path.basename(file), gzipBytes(file)]]);
  const map = readJson(mapFile);
  const lines = code.split('\n');
  const raw = new Map();
  const add = (source, bytes) => raw.set(source, (raw.get(source) ?? 0) + bytes);
  let sourceIndex = 0;
  map.mappings.split(';').forEach((segments, lineIndex) => {
    const lineLength = lines[lineIndex]?.length ?? 0;
    let column = 0;
    let previous = { column: 0, source: null };
    for (const segment of segments ? segments.split(',') : []) {
      const fields = decodeVlq(segment);
      column += fields[0];
      if (fields.length >= 4) sourceIndex += fields[1];
      add(previous.source, column - previous.column);
      previous = { column, source: fields.length >= 4 ? sourceIndex : null };
    }
    add(previous.source, lineLength - previous.column);
  });
  const total = [...raw.values()].reduce((a, b) => a + b, 0) || 1;
  const shares = new Map();
  for (const [index, bytes] of raw) {
    const source = index === null ? '(no source)' : shortSource(map.sources[index]);
    shares.set(source, (shares.get(source) ?? 0) + (gzipBytes(file) * bytes) / total);
  }
  return shares;
}

function shortSource(source) {
  return source.replace(/^(\.\.\/)+/, '').replace(/^.*node_modules\//, '');
}

/** The fields of one source-map segment (base64 VLQ). */
function decodeVlq(segment) {
  const fields = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return fields;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`measure-bundle: cannot read ${file}; build with \`vite build --manifest\``, {
      cause: error,
    });
  }
}
