import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../src/lib/env.ts';

/** A Rally server (`npm start` minus the web build) running in a child process. */
export interface ServerProcess {
  child: ChildProcessWithoutNullStreams;
  /** Resolves with the exit code once the process ended. */
  exited: Promise<number | null>;
  /** Waits (up to 30 s) for the "Rally is running at" banner or the exit; resolves with the output so far. */
  ready(): Promise<string>;
  /** The server's base URL from its banner (after {@link ready}). */
  url(): string;
  /** Everything the process printed so far. */
  output(): string;
  /** True while the process runs. */
  isRunning(): boolean;
}

/**
 * Runs the server entry point in a process group of its own, as a terminal
 * runs it, with `env` on top of this process's environment (a free port on
 * 127.0.0.1, warnings only, no `DATABASE_URL` unless given).
 */
export function runServer(env: Record<string, string>): ServerProcess {
  // As `npm start` runs it (apps/server/package.json): one Node process with
  // tsx's loader, no tsx CLI in front (its signal relay kills a server that
  // does not confirm Ctrl+C within ~60 ms, which a busy machine can miss).
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    detached: true,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const banner = /Rally is running at (http:\/\/localhost:\d+)/;
  return {
    child,
    exited,
    async ready() {
      for (let i = 0; i < 300 && !banner.test(output); i++) {
        if (child.exitCode !== null) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      return output;
    },
    url() {
      const url = banner.exec(output)?.[1];
      if (!url) throw new Error(`the server has not started:\n${output}`);
      return url.replace('localhost', '127.0.0.1');
    },
    output: () => output,
    isRunning: () => child.exitCode === null && child.signalCode === null,
  };
}

/** The embedded PostgreSQL of a data folder: its postmaster's pid and a URL to its `database`. */
export function embeddedPostgresOf(
  dataDir: string,
  database = 'rally',
): { postmasterPid: number; url: string } {
  const lines = fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n');
  const password = fs.readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
  const port = Number(lines[3]);
  return {
    postmasterPid: Number(lines[0]),
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
  };
}

/** The parent process id of `pid` (Linux `/proc`). */
export function parentOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}
