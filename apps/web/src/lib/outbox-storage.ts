import type { OutboxEntry } from './outbox';

const STORAGE_PREFIX = 'rally.outbox.';

function isEntry(value: unknown): value is OutboxEntry<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.key === 'string' &&
    typeof entry.id === 'string' &&
    typeof entry.queuedAt === 'string' &&
    'payload' in entry
  );
}

function defaultStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Where an {@link Outbox} keeps its entries: a JSON array in `localStorage`
 * under `rally.outbox.{namespace}` (removed when empty), so they survive a
 * reload. Unreadable data is ignored (with a warning); when storage is
 * disabled or full, the entries live in memory for the page's life instead.
 */
export class OutboxStorage<P> {
  /** The `localStorage` key (a `storage` event with it means another tab changed the queue). */
  readonly key: string;
  private readonly storage: Storage | null;
  private memory: OutboxEntry<P>[] = [];
  /** Set while storage refuses writes (full): the memory copy is then the newer one. */
  private isMemoryNewer = false;

  /** `storage` defaults to `window.localStorage`; null keeps entries in memory only. */
  constructor(namespace: string, storage: Storage | null = defaultStorage()) {
    this.key = `${STORAGE_PREFIX}${namespace}`;
    this.storage = storage;
  }

  /** The stored entries, oldest first (a copy). */
  read(): OutboxEntry<P>[] {
    if (!this.storage || this.isMemoryNewer) return [...this.memory];
    let raw: string | null;
    try {
      raw = this.storage.getItem(this.key);
    } catch {
      return [...this.memory];
    }
    if (raw === null) return [];
    try {
      const parsed: unknown = JSON.parse(raw);
      return Array.isArray(parsed) ? (parsed.filter(isEntry) as OutboxEntry<P>[]) : [];
    } catch {
      console.warn(`Outbox ${this.key}: stored entries were unreadable and are ignored`);
      return [];
    }
  }

  /** Replaces the stored entries. */
  write(entries: OutboxEntry<P>[]): void {
    this.memory = entries;
    if (!this.storage) return;
    try {
      if (entries.length === 0) this.storage.removeItem(this.key);
      else this.storage.setItem(this.key, JSON.stringify(entries));
      this.isMemoryNewer = false;
    } catch (error) {
      this.isMemoryNewer = true;
      console.warn(`Outbox ${this.key}: could not persist entries`, error);
    }
  }
}
