import { SecretBox } from '../auth/secret-box.ts';
import { TotpService } from '../auth/totp.service.ts';
import { openDatabase } from '../db/client.ts';
import { DataDirInUseError, startEmbeddedPostgres } from '../db/embedded.ts';
import { runMigrations } from '../db/migrate.ts';
import { systemClock } from '../lib/clock.ts';
import { loadConfig } from '../lib/env.ts';

// `npm run totp:rekey -w apps/server`: the second step of rotating
// TOTP_ENCRYPTION_KEYS (docs/decisions/024). With the new key first and the
// old ones still listed, it reseals every authenticator secret under the new
// key; afterwards the old keys can be removed. Same database as `npm start`.

async function main(): Promise<void> {
  const config = loadConfig();
  const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres(config.dataDir);
  const database = openDatabase(config.databaseUrl ?? embedded!.url, 2);
  try {
    await runMigrations(database);
    const totp = new TotpService(database.db, systemClock, new SecretBox(config.totpKeys));
    const rewritten = await totp.resealAll();
    console.log(
      `Resealed ${rewritten} authenticator secret${rewritten === 1 ? '' : 's'} under key "${config.totpKeys[0]!.id}". ` +
        'Every secret now opens with that key alone: the older keys can be removed from TOTP_ENCRYPTION_KEYS.',
    );
  } finally {
    await database.close();
    await embedded?.stop();
  }
}

main().catch((err: unknown) => {
  if (err instanceof DataDirInUseError) {
    console.error(`${err.message} Stop npm start first, or set DATABASE_URL.`);
  } else {
    console.error(err instanceof Error ? err.message : err);
  }
  process.exitCode = 1;
});
