/**
 * Static analysis of which UI string keys the app's code refers to, for the
 * tests of the split strings (`app/locales/ui-strings.test.ts`,
 * docs/decisions/004). Reads the sources as text (Vite's `?raw` glob), so it
 * sees every file whether or not a test renders it.
 */

/** The app's source files (tests and test helpers excluded), by path from the web root: `/src/...`. */
const sources: Record<string, string> = import.meta.glob(
  ['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}', '!/src/test/**'],
  { query: '?raw', import: 'default', eager: true },
);

/** A nested strings object as the JSON parts hold it. */
export interface StringsTree {
  [key: string]: string | StringsTree;
}

/** The dotted keys of every string in `tree` (`{ a: { b: 'x' } }` -> `['a.b']`). */
export function flattenKeys(tree: StringsTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [prefix + key] : flattenKeys(value, `${prefix}${key}.`),
  );
}

/** The path of the source file an app file imports with `specifier`, or null (a package, JSON, CSS). */
function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const segments = from.split('/').slice(0, -1);
  for (const part of specifier.split('/')) {
    if (part === '..') segments.pop();
    else if (part !== '.') segments.push(part);
  }
  const base = segments.join('/');
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((candidate) => candidate in sources) ?? null;
}

const IMPORT =
  /(?:import|export)\s+(type\s+)?[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;

/**
 * The source files `entry` loads at run time, itself included: its static and
 * dynamic (`import()`) imports, transitively; type-only imports are skipped
 * and the walk does not enter `stopAt` files.
 */
export function moduleGraph(entry: string, stopAt: readonly string[] = []): Set<string> {
  if (!(entry in sources)) throw new Error(`No source file ${entry}`);
  const seen = new Set<string>();
  const pending = [entry];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const match of (sources[file] ?? '').matchAll(IMPORT)) {
      if (match[1]) continue;
      const target = resolveImport(file, match[2] ?? match[3] ?? match[4] ?? '');
      if (target && !stopAt.includes(target) && !seen.has(target)) pending.push(target);
    }
  }
  return seen;
}

function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');
}

/** The keys a reference names: the key itself, its plural/context forms (`_one`, `_other`...) and a whole section. */
function expand(reference: string, keys: readonly string[]): string[] {
  return keys.filter(
    (key) =>
      key === reference || key.startsWith(`${reference}_`) || key.startsWith(`${reference}.`),
  );
}

const STRING_LITERAL = /'([A-Za-z0-9_.]+)'|"([A-Za-z0-9_.]+)"|`([A-Za-z0-9_.]+)(`|\$\{)/g;

/**
 * The keys of `keys` that `source` may use: every quoted literal that names a
 * key, its plural/context forms or a section (`t('program.archived')`,
 * `const k = 'notifications.kinds'`), and every template literal whose fixed
 * start names a section (`t(\`attendance.status.${status}\`)` uses all of
 * `attendance.status.*`). Comments are ignored. Over-approximates on purpose:
 * a literal that happens to equal a key counts.
 */
export function keysReferencedIn(source: string, keys: readonly string[]): Set<string> {
  const sections = new Set(keys.map((key) => key.split('.')[0]));
  const found = new Set<string>();
  for (const match of withoutComments(source).matchAll(STRING_LITERAL)) {
    const isTemplateStart = match[4] === '${';
    const literal = (match[1] ?? match[2] ?? match[3] ?? '').replace(/\.$/, '');
    if (!sections.has(literal.split('.')[0])) continue;
    if (!literal.includes('.') && !isTemplateStart) continue;
    for (const key of expand(literal, keys)) found.add(key);
  }
  return found;
}

/** The keys of `keys` that the files of `files` may use ({@link keysReferencedIn}). */
export function keysReferencedBy(files: Iterable<string>, keys: readonly string[]): Set<string> {
  const found = new Set<string>();
  for (const file of files) {
    for (const key of keysReferencedIn(sources[file] ?? '', keys)) found.add(key);
  }
  return found;
}

/** The keys of `keys` that no file of the app may use ({@link keysReferencedIn}): dead strings. */
export function unusedKeys(keys: readonly string[]): string[] {
  const used = keysReferencedBy(Object.keys(sources), keys);
  return keys.filter((key) => !used.has(key));
}

/**
 * Every `t('...')` / `t(\`prefix.${...}\`)` call in the app's code whose key
 * (or, for a template, its fixed start as a section) names no string of
 * `keys`, as `file: key`. Calls with a computed first argument are not seen.
 */
export function unknownKeysInCalls(keys: readonly string[]): string[] {
  const unknown: string[] = [];
  const call = /\bt\(\s*(?:'([^'$]+)'|"([^"$]+)"|`([^`$]*)(?:\$\{|`))/g;
  for (const [file, source] of Object.entries(sources)) {
    for (const match of withoutComments(source).matchAll(call)) {
      const literal = match[1] ?? match[2] ?? match[3] ?? '';
      if (literal === '' || literal.includes(':')) continue;
      const reference = literal.replace(/\.$/, '');
      if (expand(reference, keys).length === 0) unknown.push(`${file}: ${literal}`);
    }
  }
  return unknown;
}

/** The source of one app file (`/src/...`). */
export function sourceOf(file: string): string {
  const source = sources[file];
  if (source === undefined) throw new Error(`No source file ${file}`);
  return source;
}
