import { useSyncExternalStore } from 'react';
import { ApiError } from './api-client';
import { OutboxStorage } from './outbox-storage';

/**
 * One queued write. `key` identifies what it changes within its namespace
 * (e.g. `{eventId}:{profileId}` for an attendance mark): a newer write with the
 * same key replaces the older one (newest wins). `id` is unique per write, so
 * a send that succeeds removes exactly the version it sent and a newer write
 * queued meanwhile stays. `queuedAt` is the device's clock (UTC ISO).
 */
export interface OutboxEntry<P> {
  key: string;
  id: string;
  payload: P;
  queuedAt: string;
}

/**
 * A write the server refused (a 4xx other than 401/408/429, or one a send
 * reported refused in an {@link OutboxSendOutcome}): dropped from the queue
 * and kept here for the UI.
 */
export interface OutboxRejection<P> {
  entry: OutboxEntry<P>;
  error: unknown;
}

/**
 * What the UI reads ({@link useOutboxState}). `entries` oldest first;
 * `isOffline` when the browser says so or the last attempt got no answer
 * (status 0), until a send succeeds or the `online` event fires.
 * `lastError`: why the last attempt kept its entries when the server did
 * answer (a 5xx, a 429), so the UI can say "not sent yet" rather than
 * "sending"; null once a send succeeds or nothing waits.
 */
export interface OutboxState<P> {
  entries: readonly OutboxEntry<P>[];
  rejected: readonly OutboxRejection<P>[];
  isSending: boolean;
  isOffline: boolean;
  lastError: unknown;
}

/**
 * What an {@link OutboxSend} resolves with when the server took only part of
 * a batch: `rejected` lists the entries of that batch it refused, each with
 * its own error (e.g. the one mark a 400 named). They are dropped and
 * reported like a refused batch; every other entry of the batch counts as
 * taken. Entries not in the batch are ignored.
 */
export interface OutboxSendOutcome<P> {
  rejected: readonly OutboxRejection<P>[];
}

/**
 * Sends one batch of entries. Resolves with nothing when the server took all
 * of them, or with an {@link OutboxSendOutcome} naming those it refused while
 * taking the rest. Throws (typically an {@link ApiError}) to keep or drop the
 * whole batch: see {@link isRetryableError}.
 */
export type OutboxSend<P> = (
  entries: readonly OutboxEntry<P>[],
) => Promise<OutboxSendOutcome<P> | void>;

/** How {@link Outbox.flush} groups entries into sends. */
export interface FlushOptions<P> {
  /** Entries with the same batch go in one send (default: each entry alone). */
  batchOf?: (entry: OutboxEntry<P>) => string;
  /** At most this many entries per send (default 500, `MAX_MARKS_PER_REQUEST`). */
  maxBatch?: number;
}

/** Options of {@link Outbox.start}: flush options plus the retry period (default 15,000 ms). */
export interface AutoFlushOptions<P> extends FlushOptions<P> {
  retryIntervalMs?: number;
}

/** What one {@link Outbox.flush} did: entries sent, kept for a retry, and refused (dropped). */
export interface FlushReport {
  sent: number;
  kept: number;
  rejected: number;
}

/** Retry period while entries wait: 15 s (docs/decisions/006). */
export const OUTBOX_RETRY_INTERVAL_MS = 15_000;
const DEFAULT_MAX_BATCH = 500;

/**
 * Whether a failed send should stay queued: no answer at all (status 0,
 * `network_error`), a 5xx, 401 (signed out: the write waits for the next
 * sign-in), 408 and 429 (try later), or a failure that is not an
 * {@link ApiError}. Any other 4xx means the server will never take it as it
 * is (403 read-only, 404 gone, 400 invalid), so it is dropped and reported
 * instead of blocking the queue forever.
 */
export function isRetryableError(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.status === 0 || error.status >= 500) return true;
  return error.status === 401 || error.status === 408 || error.status === 429;
}

const emptyReport = (): FlushReport => ({ sent: 0, kept: 0, rejected: 0 });

let idCounter = 0;
function newEntryId(): string {
  idCounter += 1;
  return `${Date.now().toString(36)}-${idCounter.toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

function browserSaysOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * A small persistent outbox of writes made while the connection may be gone
 * (attendance marks at the ground, docs/decisions/006; chat messages,
 * docs/decisions/007).
 * Entries live in `localStorage` under `rally.outbox.{namespace}`, so they
 * survive a reload; every change re-reads storage first, so two tabs do not
 * overwrite each other's entries. `put` coalesces by key (newest wins);
 * `flush(send)` sends what waits, one send per batch, and never runs twice at
 * once (a flush asked for meanwhile runs right after). A send that gets no
 * answer keeps its entries; one refused with a 4xx drops them into
 * `rejected` for the UI ({@link isRetryableError}); a send may also report
 * that the server refused only some entries of its batch
 * ({@link OutboxSendOutcome}): only those go to `rejected`, the rest count as
 * sent. Servers must apply
 * entries idempotently: a send whose answer is lost is sent again.
 */
export class Outbox<P> {
  readonly namespace: string;
  private readonly store: OutboxStorage<P>;
  private state: OutboxState<P>;
  private readonly listeners = new Set<() => void>();
  private running: Promise<FlushReport> | null = null;
  private queued: { send: OutboxSend<P>; options: FlushOptions<P> } | null = null;
  /** Callers of {@link start} still running, oldest first. */
  private readonly starters: { send: OutboxSend<P>; options: AutoFlushOptions<P> }[] = [];
  private stopAuto: (() => void) | undefined;
  private runAuto: (() => void) | undefined;

  /** `storage` defaults to `window.localStorage` (null: memory only, e.g. storage disabled). */
  constructor(namespace: string, storage?: Storage | null) {
    this.namespace = namespace;
    this.store = new OutboxStorage<P>(namespace, storage);
    this.state = {
      entries: this.read(),
      rejected: [],
      isSending: false,
      isOffline: browserSaysOffline(),
      lastError: null,
    };
  }

  /** The current state; the same object until something changes (for `useSyncExternalStore`). */
  getState = (): OutboxState<P> => this.state;

  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** Queues `payload` under `key`, replacing any entry with that key (newest wins). */
  put(key: string, payload: P): OutboxEntry<P> {
    const entry: OutboxEntry<P> = {
      key,
      id: newEntryId(),
      payload,
      queuedAt: new Date().toISOString(),
    };
    this.write([...this.read().filter((existing) => existing.key !== key), entry]);
    return entry;
  }

  /** Removes the entry with `key` (e.g. a write the user undid before it was sent). */
  remove(key: string): void {
    this.write(this.read().filter((entry) => entry.key !== key));
  }

  /** Forgets the reported rejections (the UI showed them). */
  dismissRejected(): void {
    this.setState({ rejected: [] });
  }

  /** Re-reads storage (another tab changed it). */
  refresh(): void {
    this.setState({ entries: this.read() });
  }

  /** Records what the browser says about the connection (`online`/`offline` events). */
  setOffline(isOffline: boolean): void {
    if (this.state.isOffline !== isOffline) this.setState({ isOffline });
  }

  /**
   * Sends every waiting entry with `send`, batched by `options.batchOf`.
   * While a flush runs, another call does not start a second one: it is run
   * once the current one ends (so entries queued meanwhile go too) and both
   * callers get the combined report. Never rejects.
   */
  flush(send: OutboxSend<P>, options: FlushOptions<P> = {}): Promise<FlushReport> {
    this.queued = { send, options };
    if (!this.running) {
      this.running = this.drain().finally(() => {
        this.running = null;
      });
    }
    return this.running;
  }

  /**
   * Keeps the queue moving with `send`: flushes now (on load), when the
   * browser comes back `online`, and every `retryIntervalMs` while entries
   * wait. Returns the function that stops it. Several callers may start one
   * outbox (a page and the app shell): they share one set of listeners and
   * one timer, the newest caller's `send` and options are used, and it keeps
   * going until the last of them stops.
   */
  start(send: OutboxSend<P>, options: AutoFlushOptions<P> = {}): () => void {
    const starter = { send, options };
    this.starters.push(starter);
    if (this.starters.length === 1) this.stopAuto = this.startAuto();
    else this.runAuto?.();
    return () => {
      const index = this.starters.indexOf(starter);
      if (index === -1) return;
      this.starters.splice(index, 1);
      if (this.starters.length > 0) return;
      this.stopAuto?.();
      this.stopAuto = undefined;
      this.runAuto = undefined;
    };
  }

  /** The listeners and timer of {@link start}, sending with the newest starter; returns their stop. */
  private startAuto(): () => void {
    const current = () => this.starters.at(-1);
    let timer: ReturnType<typeof setTimeout> | null = null;
    let isStopped = false;
    const schedule = () => {
      if (isStopped || timer !== null || this.state.entries.length === 0) return;
      const interval = current()?.options.retryIntervalMs ?? OUTBOX_RETRY_INTERVAL_MS;
      timer = setTimeout(() => {
        timer = null;
        run();
      }, interval);
    };
    const run = () => {
      const starter = current();
      if (!starter) return;
      void this.flush(starter.send, starter.options).then(schedule);
    };
    this.runAuto = run;
    const onOnline = () => {
      this.setOffline(false);
      run();
    };
    const onOffline = () => this.setOffline(true);
    const onStorage = (event: StorageEvent) => {
      if (event.key === this.store.key) this.refresh();
    };
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    window.addEventListener('storage', onStorage);
    const unsubscribe = this.subscribe(schedule);
    run();
    return () => {
      isStopped = true;
      if (timer !== null) clearTimeout(timer);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('storage', onStorage);
      unsubscribe();
    };
  }

  private async drain(): Promise<FlushReport> {
    const total = emptyReport();
    while (this.queued) {
      const { send, options } = this.queued;
      this.queued = null;
      const report = await this.flushOnce(send, options);
      total.sent += report.sent;
      total.kept += report.kept;
      total.rejected += report.rejected;
    }
    return total;
  }

  private async flushOnce(send: OutboxSend<P>, options: FlushOptions<P>): Promise<FlushReport> {
    const report = emptyReport();
    const batches = toBatches(this.read(), options);
    if (batches.length === 0) return report;
    if (browserSaysOffline()) {
      // No request while the browser knows it is offline: the `online` event flushes.
      report.kept = batches.reduce((sum, batch) => sum + batch.length, 0);
      this.setState({ isOffline: true });
      return report;
    }
    this.setState({ isSending: true });
    for (const [index, batch] of batches.entries()) {
      try {
        const refused = refusedOf(batch, await send(batch));
        this.removeSent(batch);
        report.sent += batch.length - refused.length;
        report.rejected += refused.length;
        this.setState({ isOffline: false, lastError: null });
        if (refused.length > 0) this.setState({ rejected: [...this.state.rejected, ...refused] });
      } catch (error) {
        if (isRetryableError(error)) {
          // The rest would fail the same way: keep everything for the next attempt.
          report.kept += batches.slice(index).reduce((sum, rest) => sum + rest.length, 0);
          if (error instanceof ApiError && error.status === 0) this.setState({ isOffline: true });
          else this.setState({ lastError: error });
          break;
        }
        this.removeSent(batch);
        report.rejected += batch.length;
        this.setState({
          rejected: [...this.state.rejected, ...batch.map((entry) => ({ entry, error }))],
        });
      }
    }
    this.setState({ isSending: false });
    return report;
  }

  /** Removes the sent versions only: an entry re-put during the send has a new id and stays. */
  private removeSent(batch: readonly OutboxEntry<P>[]): void {
    const sentIds = new Set(batch.map((entry) => entry.id));
    this.write(this.read().filter((entry) => !sentIds.has(entry.id)));
  }

  private read(): OutboxEntry<P>[] {
    return this.store.read();
  }

  private write(entries: OutboxEntry<P>[]): void {
    this.store.write(entries);
    this.setState(entries.length === 0 ? { entries, lastError: null } : { entries });
  }

  private setState(change: Partial<OutboxState<P>>): void {
    this.state = { ...this.state, ...change };
    for (const listener of [...this.listeners]) listener();
  }
}

/** The rejections of `outcome` whose entry is one of `batch` (the version sent). */
function refusedOf<P>(
  batch: readonly OutboxEntry<P>[],
  outcome: OutboxSendOutcome<P> | void,
): OutboxRejection<P>[] {
  if (!outcome) return [];
  const sentIds = new Set(batch.map((entry) => entry.id));
  return outcome.rejected.filter((rejection) => sentIds.has(rejection.entry.id));
}

function toBatches<P>(
  entries: readonly OutboxEntry<P>[],
  options: FlushOptions<P>,
): OutboxEntry<P>[][] {
  const maxBatch = Math.max(1, options.maxBatch ?? DEFAULT_MAX_BATCH);
  const groups = new Map<string, OutboxEntry<P>[]>();
  for (const entry of entries) {
    const batch = options.batchOf ? options.batchOf(entry) : `key:${entry.key}`;
    const group = groups.get(batch) ?? [];
    group.push(entry);
    groups.set(batch, group);
  }
  const batches: OutboxEntry<P>[][] = [];
  for (const group of groups.values()) {
    for (let start = 0; start < group.length; start += maxBatch) {
      batches.push(group.slice(start, start + maxBatch));
    }
  }
  return batches;
}

const registry = new Map<string, Outbox<unknown>>();

/**
 * The page-wide outbox of `namespace` (one instance per namespace, so every
 * component shares its queue, state and flush guard).
 */
export function getOutbox<P>(namespace: string): Outbox<P> {
  let outbox = registry.get(namespace);
  if (!outbox) {
    outbox = new Outbox<unknown>(namespace);
    registry.set(namespace, outbox);
  }
  return outbox as Outbox<P>;
}

/** The state of `outbox` for React: re-renders on every change. */
export function useOutboxState<P>(outbox: Outbox<P>): OutboxState<P> {
  return useSyncExternalStore(outbox.subscribe, outbox.getState, outbox.getState);
}
