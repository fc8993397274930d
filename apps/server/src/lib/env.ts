import path from 'node:path';
import { z } from 'zod';

/** Repository root (two levels above apps/server). */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.url({ message: 'DATABASE_URL must be a postgres:// URL' }).optional(),
  DATA_DIR: z.string().default(path.join(REPO_ROOT, 'data')),
  WEB_DIST_DIR: z.string().default(path.join(REPO_ROOT, 'apps/web/dist')),
  SMS_PROVIDER: z.enum(['console']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  TRUSTED_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter((o) => o !== ''),
    )
    .refine((origins) => origins.every(isOrigin), {
      message:
        'a comma-separated list of origins such as capacitor://localhost,https://localhost (scheme://host[:port], lower case, no path)',
    }),
  FILES_S3_BUCKET: z.string().optional(),
  FILES_S3_REGION: z.string().default('us-east-1'),
  FILES_S3_ENDPOINT: z
    .url({ message: 'FILES_S3_ENDPOINT must be a URL such as https://s3.example.com' })
    .optional(),
  FILES_S3_ACCESS_KEY_ID: z.string().optional(),
  FILES_S3_SECRET_ACCESS_KEY: z.string().optional(),
});

/**
 * Whether `value` is an origin exactly as a browser writes it in an `Origin`
 * header (RFC 6454 §6.1): `scheme://host[:port]`, lower case, no default
 * port, no path, e.g. `https://rally.example` or `capacitor://localhost`.
 */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return `${url.protocol}//${url.host}` === value;
  } catch {
    return false;
  }
}

/** Rules across variables: S3 keys come in pairs, and only with a bucket. */
const envRulesSchema = envSchema.superRefine((e, ctx) => {
  if ((e.FILES_S3_ACCESS_KEY_ID === undefined) !== (e.FILES_S3_SECRET_ACCESS_KEY === undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: ['FILES_S3_SECRET_ACCESS_KEY'],
      message: 'set FILES_S3_ACCESS_KEY_ID and FILES_S3_SECRET_ACCESS_KEY together, or neither',
    });
  }
  const usesS3 = e.FILES_S3_ENDPOINT ?? e.FILES_S3_ACCESS_KEY_ID ?? e.FILES_S3_SECRET_ACCESS_KEY;
  if (!e.FILES_S3_BUCKET && usesS3 !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['FILES_S3_BUCKET'],
      message: 'required when other FILES_S3_* variables are set',
    });
  }
});

/**
 * Where uploaded files live: `local` = the folder `dir` (`DATA_DIR/files`);
 * `s3` = a bucket of S3 or an S3-compatible store (MinIO, R2, ...) at
 * `endpoint` (AWS when absent, path-style addressing when present), with
 * the given keys or else the AWS SDK's default credential chain.
 */
export type FileStoreConfig =
  | { kind: 'local'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      endpoint: string | undefined;
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
    };

/** The file store the parsed environment selects (see {@link FileStoreConfig}). */
function fileStoreConfig(e: z.output<typeof envSchema>, dataDir: string): FileStoreConfig {
  if (!e.FILES_S3_BUCKET) return { kind: 'local', dir: path.join(dataDir, 'files') };
  const { FILES_S3_ACCESS_KEY_ID: accessKeyId, FILES_S3_SECRET_ACCESS_KEY: secretAccessKey } = e;
  return {
    kind: 's3',
    bucket: e.FILES_S3_BUCKET,
    region: e.FILES_S3_REGION,
    endpoint: e.FILES_S3_ENDPOINT,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  };
}

/**
 * Server configuration, parsed once at start from the environment
 * (CONVENTIONS.md: "Environment variables are parsed once at start with zod").
 * - `port`: HTTP port (default 3000, `PORT` overrides; 0 picks a free one).
 * - `databaseUrl`: external PostgreSQL >= 15; when absent the embedded one runs in `dataDir/pg`.
 * - `smsProvider`: `console` (the only provider so far; production must configure a real one).
 * - `files`: where uploads are stored: `dataDir/files`, or S3 when `FILES_S3_BUCKET` is set.
 * - `trustedOrigins`: origins besides Rally's own whose pages may send
 *   state-changing requests and cookie-signed WebSocket upgrades
 *   (`TRUSTED_ORIGINS`, comma-separated; docs/decisions/010).
 */
export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  webDistDir: string;
  smsProvider: 'console';
  logLevel: string;
  trustProxy: boolean;
  trustedOrigins: string[];
  files: FileStoreConfig;
}

/**
 * Parses `env` into a {@link Config}. Throws an Error listing every invalid
 * variable (name and reason) so a misconfiguration is fixed in one go.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`DATABASE_URL=`) means unset, as in most shells' .env files.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envRulesSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    smsProvider: e.SMS_PROVIDER ?? 'console',
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    trustedOrigins: e.TRUSTED_ORIGINS,
    files: fileStoreConfig(e, dataDir),
  };
}
