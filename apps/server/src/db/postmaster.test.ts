import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isOrphanedPostmaster, recordOwner, runningPostmaster } from './postmaster.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A data folder whose `pg/postmaster.pid` names `pid`. */
function dataDirNaming(pid: number): { dataDir: string; pgDir: string } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rally-postmaster-'));
  dirs.push(dataDir);
  const pgDir = path.join(dataDir, 'pg');
  fs.mkdirSync(pgDir);
  fs.writeFileSync(path.join(pgDir, 'postmaster.pid'), `${pid}\n${pgDir}\n0\n5432\n`);
  return { dataDir, pgDir };
}

describe('the postmaster of a data folder', () => {
  it('is not another PostgreSQL process whose pid a stale lock file names (after a reboot)', async () => {
    // Named like a backend of some other PostgreSQL: `postgres: checkpointer`.
    const other = spawn('sleep', ['30'], { argv0: 'postgres:' });
    try {
      const { pgDir } = dataDirNaming(other.pid ?? 0);
      expect(runningPostmaster(pgDir)).toBeUndefined();
    } finally {
      other.kill();
    }
  });

  it('is never taken for an orphan when no Rally process recorded itself as its owner', () => {
    const { dataDir } = dataDirNaming(process.pid);
    expect(isOrphanedPostmaster(process.pid, dataDir)).toBe(false);
  });

  it('is never taken for an orphan while its recorded owner lives', () => {
    const { dataDir } = dataDirNaming(process.pid);
    recordOwner(dataDir);
    expect(isOrphanedPostmaster(process.pid, dataDir)).toBe(false);
  });
});
