import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { REPO_ROOT } from '../src/lib/env.ts';
import { createDatabaseFromTemplate } from './pg.ts';

/** Runs `npm run admin -- <args>` (its tsx entry point) with `env`; resolves with exit code and output. */
function runCli(args: string[], env: Record<string, string>) {
  const child = spawn(
    path.join(REPO_ROOT, 'node_modules/.bin/tsx'),
    ['apps/server/src/scripts/admin.ts', ...args],
    { cwd: REPO_ROOT, env: { ...process.env, DATABASE_URL: '', ...env } },
  );
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, output })),
  );
}

describe('npm run admin (DATABASE_URL)', () => {
  let db: Awaited<ReturnType<typeof createDatabaseFromTemplate>>;
  let client: pg.Client;
  beforeAll(async () => {
    db = await createDatabaseFromTemplate(inject('templateDatabaseUrl'));
    client = new pg.Client({ connectionString: db.url });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    await db.drop();
  });

  async function userOf(phone: string) {
    const { rows } = await client.query(
      'select id, is_global_admin from users where phone_number = $1',
      [phone],
    );
    return rows[0] as { id: string; is_global_admin: boolean } | undefined;
  }

  it('grants a phone that never signed in (creating the user), then revokes it with the last-admin guard', async () => {
    const env = { DATABASE_URL: db.url };
    const grant = await runCli(['grant', '98765', '43210'], env);
    expect(grant.output).toContain('Created the user +919876543210');
    expect(grant.output).toContain('+919876543210 is now a global admin.');
    expect(grant.code).toBe(0);
    expect(await userOf('+919876543210')).toMatchObject({ is_global_admin: true });

    const again = await runCli(['grant', '+919876543210'], env);
    expect(again.code).toBe(0);
    expect(again.output).toContain('already a global admin; nothing changed');

    const last = await runCli(['revoke', '+919876543210'], env);
    expect(last.code).toBe(1);
    expect(last.output).toContain('This is the last global admin');
    expect(await userOf('+919876543210')).toMatchObject({ is_global_admin: true });

    expect((await runCli(['grant', '+919876500001'], env)).code).toBe(0);
    const revoke = await runCli(['revoke', '+919876543210'], env);
    expect(revoke.code).toBe(0);
    expect(revoke.output).toContain('+919876543210 is no longer a global admin.');
    expect(await userOf('+919876543210')).toMatchObject({ is_global_admin: false });

    const unknown = await runCli(['revoke', '+919876500002'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain('+919876500002 has never signed in.');
    expect(await userOf('+919876500002')).toBeUndefined();
  }, 60_000);

  it('prints the usage and exits 1 on wrong arguments or a bad phone number, touching nothing', async () => {
    for (const args of [
      [],
      ['grant'],
      ['promote', '+919876543210'],
      ['grant', 'not', 'a phone'],
      ['grant', '12'],
    ]) {
      const res = await runCli(args, { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
      expect(res.code, args.join(' ')).toBe(1);
      expect(res.output).toContain('Usage:');
      expect(res.output).toContain('npm run admin -- grant <phone>');
    }
    const bad = await runCli(['grant', '12'], { DATABASE_URL: db.url });
    expect(bad.output).toContain('This is not a valid phone number');
  }, 60_000);
});

describe('npm run admin (embedded PostgreSQL in DATA_DIR)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rally-admin-cli-'));
  fs.chmodSync(dataDir, 0o755);
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('uses the database of npm start, and refuses clearly while a server holds it', async () => {
    const env = { DATA_DIR: dataDir };
    const first = await runCli(['grant', '+919812300001'], env);
    expect(first.output).toContain('+919812300001 is now a global admin.');
    expect(first.code).toBe(0);

    const running = await startEmbeddedPostgres(dataDir);
    try {
      const busy = await runCli(['grant', '+919812300001'], env);
      expect(busy.code).toBe(1);
      expect(busy.output).toMatch(
        /Cannot open the database: The database folder .* is already in use/,
      );
    } finally {
      await running.stop();
    }

    const second = await runCli(['grant', '+919812300001'], env);
    expect(second.code).toBe(0);
    expect(second.output).toContain('already a global admin');
  }, 120_000);
});
