// Types of web-bundle.mjs for the TypeScript scripts that import it
// (apps/server/src/scripts/publish-bundle.ts).

/** The repository's root. */
export const ROOT_DIR: string;
/** The API origin used when `RALLY_API_ORIGIN` is unset. */
export const DEFAULT_API_ORIGIN: string;
/** The API origin the bundle calls (`RALLY_API_ORIGIN`); throws an `Error` naming the variable when invalid. */
export function apiOrigin(value?: string): string;
/** Builds the web app for the native shell into `outDir` (absolute, emptied first), calling the API at `origin`. */
export function buildNativeWeb(outDir: string, origin: string): void;
