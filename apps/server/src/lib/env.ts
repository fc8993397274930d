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
});

/**
 * Server configuration, parsed once at start from the environment
 * (CONVENTIONS.md: "Environment variables are parsed once at start with zod").
 * - `port`: HTTP port (default 3000, `PORT` overrides; 0 picks a free one).
 * - `databaseUrl`: external PostgreSQL >= 15; when absent the embedded one runs in `dataDir/pg`.
 * - `smsProvider`: `console` (the only provider so far; production must configure a real one).
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
}

/**
 * Parses `env` into a {@link Config}. Throws an Error listing every invalid
 * variable (name and reason) so a misconfiguration is fixed in one go.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`DATABASE_URL=`) means unset, as in most shells' .env files.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    smsProvider: e.SMS_PROVIDER ?? 'console',
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
  };
}
