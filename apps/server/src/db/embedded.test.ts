import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, startEmbeddedPostgres } from './embedded.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rally-embedded-'));
fs.chmodSync(dataDir, 0o755);
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function query(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL (DESIGN.md §1)', () => {
  it('refuses a second server on the same data folder, then restarts with the data intact', async () => {
    const first = await startEmbeddedPostgres(dataDir, 'rally');
    try {
      await query(first.url, "create table kept (v text); insert into kept values ('still here')");
      const second = startEmbeddedPostgres(dataDir, 'rally');
      await expect(second).rejects.toBeInstanceOf(DataDirInUseError);
      await expect(second).rejects.toThrow(/already in use.*stop it first/s);
    } finally {
      await first.stop();
    }
    const again = await startEmbeddedPostgres(dataDir, 'rally');
    try {
      expect(await query(again.url, 'select v from kept')).toEqual([{ v: 'still here' }]);
    } finally {
      await again.stop();
    }
    expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  });
});
