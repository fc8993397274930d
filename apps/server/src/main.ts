import { loadConfig } from './lib/env.ts';
import { DataDirInUseError } from './db/embedded.ts';
import { startServer } from './server.ts';

// Entry point of `npm start`: starts the server and stops it cleanly on Ctrl+C.
async function main(): Promise<void> {
  const config = loadConfig();
  const server = await startServer(config);
  const dbNote = config.databaseUrl
    ? 'PostgreSQL from DATABASE_URL'
    : `embedded PostgreSQL in ${config.dataDir}/pg`;
  const banner = [`\nRally is running at ${server.url}  (${dbNote})`];
  if (
    config.nodeEnv !== 'production' &&
    config.sms.fallback === 'console' &&
    config.sms.routes.length === 0
  ) {
    banner.push(
      'Sign-in codes are printed here as "[console SMS]" lines and at',
      `${server.url}/api/dev/sms-outbox?phoneNumber=<your number>\n`,
    );
  }
  // One write, so whoever reads the banner gets all of it at once.
  console.log(banner.join('\n'));
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping Rally...`);
    server
      .close()
      .then(() => {
        console.log('Stopped cleanly.');
        process.exit(0);
      })
      .catch((err: unknown) => {
        console.error('Error while stopping:', err);
        process.exit(1);
      });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  if (err instanceof DataDirInUseError) {
    console.error(`\nCannot start Rally: ${err.message}\n`);
  } else {
    console.error('\nCannot start Rally:', err instanceof Error ? err.message : err, '\n');
  }
  process.exit(1);
});
