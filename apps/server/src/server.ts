import pino, { type Logger } from 'pino';
import type { Config } from './lib/env.ts';
import { openDatabase, type Database } from './db/client.ts';
import { startEmbeddedPostgres, type EmbeddedPg } from './db/embedded.ts';
import { runMigrations } from './db/migrate.ts';
import { startAttachmentSweep } from './conversations/attachment-sweep.ts';
import { startHorizonSweep } from './events/horizon.ts';
import { startRsvpReminders } from './attendance/rsvp-reminder-job.ts';
import { createPushOptions } from './push/push-setup.ts';
import { createFileStore } from './files/file-store.ts';
import { buildApp, type RallyApp } from './app.ts';
import { createSmsProvider } from './auth/sms-providers.ts';
import { errorSerializer } from './lib/log-errors.ts';

/** A started Rally server: its URL, parts, and a clean `close()`. */
export interface RunningServer {
  url: string;
  rally: RallyApp;
  database: Database;
  /** Stops accepting requests, closes the pool, then stops the embedded PostgreSQL (if any). */
  close(): Promise<void>;
}

/** The pino logger of the server: JSON lines, `config.logLevel`, no secrets (see `redactUrl`) nor query parameters (`errorSerializer`). */
export function createLogger(config: Pick<Config, 'logLevel'>): Logger {
  return pino({
    level: config.logLevel,
    serializers: { err: errorSerializer },
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
  });
}

/**
 * Starts Rally per `config`: the embedded PostgreSQL in `dataDir/pg` unless
 * `databaseUrl` is set, pending migrations, the file store (`dataDir/files`
 * or S3), then the HTTP server on `host:port`, and the hourly horizon
 * sweep of recurring events (docs/decisions/006) and of message
 * attachments never sent (docs/decisions/007), and the RSVP reminder job
 * every `push.reminderIntervalMs` unless 0 (docs/decisions/029), all
 * stopped by `close()`. Push transports come from `config.push`.
 * Throws when the database cannot be reached or the data folder is in use
 * by another server (DataDirInUseError).
 */
export async function startServer(
  config: Config,
  logger = createLogger(config),
): Promise<RunningServer> {
  let embedded: EmbeddedPg | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres(
      config.dataDir,
      'rally',
      (line) => logger.debug({ pg: line }),
      (line) => logger.warn(line),
    );
    databaseUrl = embedded.url;
  }
  const database = openDatabase(databaseUrl, 10, (line) => logger.warn(line));
  try {
    await runMigrations(database);
    const rally = await buildApp({
      db: database.db,
      logger,
      isProduction: config.nodeEnv === 'production',
      trustProxy: config.trustProxy,
      trustedOrigins: config.trustedOrigins,
      webDistDir: config.webDistDir,
      bundlesDir: config.bundlesDir,
      appLinks: config.appLinks,
      fileStore: await createFileStore(config.files),
      sms: createSmsProvider(config.sms),
      authSettings: { appRedirectUris: config.appRedirectUris, totpKeys: config.totpKeys },
      push: await createPushOptions(
        config.push,
        { dataDir: config.dataDir, isProduction: config.nodeEnv === 'production' },
        logger,
      ),
    });
    const address = await rally.app.listen({ port: config.port, host: config.host });
    const port = new URL(address).port;
    const url = `http://localhost:${port}`;
    const sweep = startHorizonSweep(database.db, rally.services.clock, logger);
    const attachmentSweep = startAttachmentSweep(rally.services.attachments, logger);
    const reminders =
      config.push.reminderIntervalMs > 0
        ? startRsvpReminders(rally.services.rsvpReminders, logger, config.push.reminderIntervalMs)
        : undefined;
    let closing: Promise<void> | undefined;
    const close = () => {
      closing ??= (async () => {
        database.expectShutdown();
        // Before the app closes its push queue: a pass's claims still get sent.
        await reminders?.stop();
        await rally.app.close();
        await sweep.stop();
        await attachmentSweep.stop();
        await database.close();
        await embedded?.stop();
      })();
      return closing;
    };
    return { url, rally, database, close };
  } catch (err) {
    await database.close().catch(() => {});
    await embedded?.stop();
    throw err;
  }
}
