import type { Database } from '../../platform/db/client.js';
import type { Principal } from './principal.js';

export const principalChannel = 'principal_changed';

/**
 * Signed-in users, kept between calls on the embedded database so that a call does not wait on
 * PGlite (which runs on the server's own thread) just to learn who is calling
 * (docs/decisions/0004-principal-cache.md). Correctness comes from invalidation: a database
 * trigger announces every change to a user, their roles or a trust, and PGlite delivers the
 * announcement inside the statement that made the change, before anyone can call again. On
 * PostgreSQL the announcement would reach a listener a moment after the commit, so there the
 * cache is never switched on and every call reads the database. A time-to-live bounds any entry.
 */
export class PrincipalCache {
  private readonly entries = new Map<string, { principal: Principal; expiresAt: number }>();
  private listening = false;

  constructor(
    private readonly ttlMs = 60_000,
    private readonly limit = 20_000,
  ) {}

  get(key: string): Principal | undefined {
    if (!this.listening) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.principal;
  }

  set(key: string, principal: Principal): void {
    if (!this.listening) return;
    if (this.entries.size >= this.limit) this.entries.clear();
    this.entries.set(key, { principal, expiresAt: Date.now() + this.ttlMs });
  }

  /** A payload of '*' (a trust changed) drops everything; otherwise the one user. */
  invalidate(payload: string): void {
    if (payload === '*') {
      this.entries.clear();
      return;
    }
    for (const [key, entry] of this.entries) if (entry.principal.userId === payload) this.entries.delete(key);
  }

  setListening(listening: boolean): void {
    this.listening = listening;
    this.entries.clear();
  }

  /** Subscribes to the embedded database's announcements; the cache works only while subscribed. */
  async attach(database: Database): Promise<() => Promise<void>> {
    if (database.kind !== 'pglite') return async () => undefined;
    const stop = await database.listen(principalChannel, (payload) => this.invalidate(payload));
    this.setListening(true);
    return async () => {
      this.setListening(false);
      await stop();
    };
  }
}
