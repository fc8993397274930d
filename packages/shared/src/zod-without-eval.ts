// zod's core only: the classic API's entry also installs its English messages (~6 KB), which the first screen does not need.
import { config } from 'zod/v4/core';

/**
 * Turns off zod's compiled object parsers (`jitless`) for the process or
 * page that imports this module first. zod 4 builds them with
 * `new Function`, and merely probing whether that is allowed is reported
 * as a violation under the web app's Content-Security-Policy, which has no
 * `'unsafe-eval'` (docs/decisions/010). Must run before any schema is
 * built: the web app's entry imports it before anything else. The server
 * keeps the compiled parsers.
 */
config({ jitless: true });
