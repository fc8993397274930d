import type { $ZodConfig } from 'zod/v4/core';

/** zod 4's process-wide settings object, shared across its copies (zod ≥ 4.4, colinhacks/zod#5889). */
type WithZodConfig = typeof globalThis & { __zod_globalConfig?: Partial<$ZodConfig> };

/**
 * Turns off zod's compiled object parsers (`jitless`) for the process or
 * page that imports this module. zod 4 builds them with `new Function`,
 * and merely probing whether that is allowed is reported as a violation
 * under the web app's Content-Security-Policy, which has no
 * `'unsafe-eval'` (docs/decisions/010). Must run before any object schema
 * is built: the web app's entry imports it before anything else. The
 * server keeps the compiled parsers.
 *
 * Written to `globalThis.__zod_globalConfig`, the object zod's `config()`
 * reads and writes (created by whichever comes first, this module or zod),
 * rather than by calling `config()`: importing zod's core here would put
 * ~3 KB gzip of it on the first screen, which builds no schema
 * (DESIGN.md §7). zod-without-eval.test.ts fails if zod stops reading it.
 */
const holder = globalThis as WithZodConfig;
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;
