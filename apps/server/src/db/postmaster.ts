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
export function isAlive(pid: number): boolean {
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

/**
 * The PostgreSQL server process (postmaster) that runs on the data folder
 * `pgDir`, from its `postmaster.pid`, or undefined when none runs: no lock
 * file, its process gone, or its pid now used by another program (a stale
 * lock file after a reboot, which PostgreSQL itself would ignore too).
 */
export function runningPostmaster(pgDir: string): number | undefined {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return undefined;
  const pid = Number.parseInt(fs.readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return undefined;
  const info = processInfo(pid);
  // Unknown (another user's process, no /proc nor ps): assume it is the postmaster.
  if (info && !info.command.includes('postgres')) return undefined;
  return pid;
}

/**
 * True when postmaster `pid` was left behind by a Rally server that no
 * longer runs. The embedded PostgreSQL is a child of the Rally (Node)
 * process that started it; when that process dies (kill -9, a crash, the
 * OOM killer) the postmaster lives on, re-parented to init or a subreaper.
 * A postmaster whose parent is still a Node process belongs to a live
 * server (or to a tool like `npm run seed:demo`) and is never touched.
 */
export function isOrphanedPostmaster(pid: number): boolean {
  const info = processInfo(pid);
  if (!info) return false;
  const parent = processInfo(info.ppid);
  if (!parent) return true;
  return !/(^|\/)node(\s|$)/.test(parent.command.split(' ')[0] ?? '');
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

/** Sends `signal` to `pid`, ignoring a process that is already gone. */
function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ESRCH') throw err;
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
