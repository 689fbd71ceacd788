import type { Db } from './client.js';

/** A value read from a list with the list's version read in the same statement (one snapshot). */
export interface Versioned<T> {
  version: string | null;
  value: T;
}

/**
 * Values read from the lists (or a list's outcomes), per database, each kept under the version it was read at
 * (migrations 0027 and 0028) and served again only while the list's version is the one a request has just
 * read; the least recently used beyond `size` are dropped. A version moves whenever a statement
 * writes an active pathway of the list, in the same transaction as the write, so what is kept is
 * never older than what the database holds: every API process sees the new version as soon as the
 * change is committed, and reads again. Requests that find no value for the version they read wait
 * for a read already under way rather than read again; a list without a version is never kept.
 */
export class VersionedCache<T> {
  readonly #caches = new WeakMap<Db, Map<string, { version: string; value: Promise<T> }>>();
  readonly #size: number;

  constructor(size: number) {
    this.#size = size;
  }

  async get(db: Db, key: string, version: string | null, read: () => Promise<Versioned<T>>): Promise<T> {
    let cache = this.#caches.get(db);
    if (!cache) {
      cache = new Map();
      this.#caches.set(db, cache);
    }
    const kept = version === null ? undefined : cache.get(key);
    if (kept && kept.version === version) {
      cache.delete(key);
      cache.set(key, kept);
      return kept.value;
    }
    const reading = read();
    const value = reading.then((read) => read.value);
    if (version === null) return value;
    // A failed read is thrown to its own request below; those that waited for it see it too.
    value.catch(() => undefined);
    const entry = { version, value };
    cache.delete(key);
    cache.set(key, entry);
    while (cache.size > this.#size) cache.delete(cache.keys().next().value!);
    try {
      const read = await reading;
      // Kept under the version it was read at, which a write committed meanwhile may have moved on.
      if (cache.get(key) === entry) {
        if (read.version === null) cache.delete(key);
        else entry.version = read.version;
      }
      return read.value;
    } catch (error) {
      if (cache.get(key) === entry) cache.delete(key);
      throw error;
    }
  }
}
