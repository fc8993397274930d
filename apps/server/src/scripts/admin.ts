import { toE164 } from '../auth/phone.ts';
import { AdminService } from '../admin/admin.service.ts';
import { openDatabase } from '../db/client.ts';
import { DataDirInUseError, startEmbeddedPostgres } from '../db/embedded.ts';
import { runMigrations } from '../db/migrate.ts';
import { AppError } from '../lib/errors.ts';
import { loadConfig } from '../lib/env.ts';

// `npm run admin -- grant|revoke <phone>`: makes a phone number a global
// admin (creating the user if it never signed in) or takes that away, on the
// same database `npm start` uses (embedded PostgreSQL in DATA_DIR unless
// DATABASE_URL). The way to appoint the first global admin.

const USAGE = `Usage:
  npm run admin -- grant <phone>    make <phone> a global admin (creates the user if needed)
  npm run admin -- revoke <phone>   take global admin away from <phone>

<phone> is a mobile number, e.g. +919876543210 (numbers without a country code are read as Indian).
Uses the same database as npm start: the embedded PostgreSQL in DATA_DIR (default ./data) while
the server is stopped, or DATABASE_URL.`;

class UsageError extends Error {}

function parseArgs(args: string[]): { isGlobalAdmin: boolean; phoneNumber: string } {
  const [command, ...phoneWords] = args;
  // The phone may come in several words (`grant +91 98765 43210`).
  const phone = phoneWords.join(' ').trim();
  if ((command !== 'grant' && command !== 'revoke') || !phone) {
    throw new UsageError(
      args.length === 0 ? 'Missing command.' : `Unexpected arguments: ${args.join(' ')}`,
    );
  }
  try {
    return { isGlobalAdmin: command === 'grant', phoneNumber: toE164(phone) };
  } catch (err) {
    throw new UsageError(`"${phone}": ${err instanceof Error ? err.message : String(err)}`);
  }
}

async function main(): Promise<void> {
  const { isGlobalAdmin, phoneNumber } = parseArgs(process.argv.slice(2));
  const config = loadConfig();
  const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres(config.dataDir);
  const database = openDatabase(config.databaseUrl ?? embedded!.url, 2);
  try {
    await runMigrations(database);
    // A tool keeps no session cache; running servers hear the change from
    // the users table's trigger (docs/decisions/032).
    const admin = new AdminService(database.db, { forgetUsers: () => {} });
    const result = await admin.setGlobalAdminByPhone(phoneNumber, isGlobalAdmin);
    const who = `${phoneNumber}${result.user.displayName ? ` (${result.user.displayName})` : ''}`;
    if (isGlobalAdmin) {
      if (result.isNewUser)
        console.log(`Created the user ${phoneNumber}; they have never signed in.`);
      console.log(
        result.changed
          ? `${who} is now a global admin. The global-admin area asks them to set up an authenticator app first.`
          : `${who} was already a global admin; nothing changed.`,
      );
    } else {
      console.log(
        result.changed
          ? `${who} is no longer a global admin.`
          : `${who} was not a global admin; nothing changed.`,
      );
    }
    console.log(`Global admins now: ${result.adminCount}.`);
  } finally {
    await database.close();
    await embedded?.stop();
  }
}

main().catch((err: unknown) => {
  if (err instanceof UsageError) {
    console.error(`${err.message}\n\n${USAGE}`);
  } else if (err instanceof DataDirInUseError) {
    console.error(
      `\nCannot open the database: ${err.message}\nOr run this against the server's database with DATABASE_URL.\n`,
    );
  } else if (err instanceof AppError) {
    console.error(err.message);
  } else {
    console.error('Failed:', err instanceof Error ? err.message : err);
  }
  process.exit(1);
});
