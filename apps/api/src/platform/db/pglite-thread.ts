import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import {
  EmbeddedDatabaseError,
  type Reply,
  type Request,
  type StartOptions,
  type ThreadMessage,
  type WireResult,
} from './pglite-thread-protocol.js';

/** PGlite's transaction, plus COPY FROM a blob inside it (bulk writes that commit with the rest). */
export type CopyingTransaction = Transaction & { copyFrom(text: string, data: Uint8Array): Promise<number> };

/** A request without its id, which the client gives it. */
type Call = Request extends infer R ? (R extends Request ? Omit<R, 'id'> : never) : never;

interface Pending {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

export interface PgliteThreadOptions extends StartOptions {
  /** Where a failed maintenance run of the embedded database is reported (it is tried again later). */
  onMaintenanceError(error: Error): void;
  /** Where it is reported that the thread stopped after it had started, other than by close(). */
  onStopped?(error: Error): void;
}

/**
 * The worker beside this file: compiled JavaScript in the built product. When this module itself
 * runs from TypeScript source (the test runner), the worker loads the source through tsx.
 */
function startWorker(workerData: StartOptions): Worker {
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./pglite-worker.js', import.meta.url), { workerData });
  const source = new URL('./pglite-worker.ts', import.meta.url).href;
  return new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`,
    { eval: true, workerData },
  );
}

/**
 * The embedded database, owned by a thread of its own (decision 0014). It answers as PGlite does
 * (`query`, `exec`, `transaction`: what drizzle-orm/pglite and pg-boss call), with the same rows,
 * types, errors and transaction rules, and delivers a notification before the answer of the
 * statement that made it, as PGlite does in one thread (decision 0004 relies on that).
 */
export class PgliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  #sequence = 0;
  #stopped: Error | undefined;

  private constructor(worker: Worker) {
    this.#worker = worker;
  }

  /** Starts the thread, opens the folder and applies migrations; rejects with the reason if it cannot. */
  static start(options: PgliteThreadOptions): Promise<PgliteThread> {
    return PgliteThread.attach(
      startWorker({
        dataDir: options.dataDir,
        migrationsFolder: options.migrationsFolder,
        startFrom: options.startFrom,
      }),
      options,
    );
  }

  /** Talks to a started worker that speaks the protocol; answers once it is ready (start, and tests). */
  static async attach(
    worker: Worker,
    options: Pick<PgliteThreadOptions, 'onMaintenanceError' | 'onStopped'>,
  ): Promise<PgliteThread> {
    const thread = new PgliteThread(worker);
    let started = false;
    await new Promise<void>((resolve, reject) => {
      const fail = (error: Error) => {
        if (started && !thread.#stopped) options.onStopped?.(error);
        thread.#stop(error);
        reject(error);
      };
      worker.on('message', (message: ThreadMessage) => {
        if ('event' in message) {
          if (message.event === 'ready') {
            started = true;
            resolve();
          } else if (message.event === 'failed') {
            fail(new EmbeddedDatabaseError(message.error));
            void worker.terminate();
          } else options.onMaintenanceError(new EmbeddedDatabaseError(message.error));
          return;
        }
        thread.#answer(message);
      });
      worker.on('error', fail);
      worker.on('exit', (code) =>
        fail(new Error(`The embedded database stopped (thread exit code ${code})`)),
      );
    });
    return thread;
  }

  #answer(reply: Reply) {
    // Listeners first: whoever awaits this answer must find their effects already applied.
    for (const [channel, payload] of reply.notifications)
      for (const listener of this.#listeners.get(channel) ?? []) listener(payload);
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    this.#pending.delete(reply.id);
    if (reply.ok) pending.resolve(reply.value);
    else pending.reject(new EmbeddedDatabaseError(reply.error));
  }

  #stop(reason: Error) {
    if (this.#stopped) return;
    this.#stopped = reason;
    for (const pending of this.#pending.values()) pending.reject(reason);
    this.#pending.clear();
  }

  #call<T>(call: Call): Promise<T> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = ++this.#sequence;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ ...call, id } as Request);
    });
  }

  async #query<T>(
    text: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
    transaction?: number,
  ): Promise<Results<T>> {
    if (options?.blob || options?.serializers || options?.onNotice)
      throw new Error('The embedded database thread does not take blobs, serializers or notice handlers');
    const parsers = options?.parsers ?? {};
    const wire = await this.#call<WireResult>({
      op: 'query',
      text,
      params: params ?? [],
      rawTypes: Object.keys(parsers).map(Number),
      paramTypes: options?.paramTypes,
      transaction,
    });
    // The caller's own parsers read the values left as text, as PGlite.query would apply them.
    const readers = wire.fields.map(({ dataTypeID }) => {
      const parser = parsers[dataTypeID];
      return parser ? (value: unknown) => (value === null ? null : parser(value as string)) : undefined;
    });
    const values = readers.some(Boolean)
      ? wire.rows.map((row) => row.map((value, index) => (readers[index] ? readers[index](value) : value)))
      : wire.rows;
    const rows =
      options?.rowMode === 'array'
        ? values
        : values.map((row) => {
            const record: Record<string, unknown> = {};
            wire.fields.forEach((field, index) => (record[field.name] = row[index]));
            return record;
          });
    return { rows: rows as T[], fields: wire.fields, affectedRows: wire.affectedRows };
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(text, params, options);
  }

  /** `COPY … FROM '/dev/blob'` reading `data`, handed over to the thread (not copied). */
  copyFrom(text: string, data: Uint8Array, transaction?: number): Promise<number> {
    const id = ++this.#sequence;
    return new Promise<number>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ op: 'copy', text, data, id, transaction } as Request, [
        data.buffer as ArrayBuffer,
      ]);
    });
  }

  /** Statements run as one simple-protocol batch (migrations, pg-boss's maintenance). */
  exec(text: string): Promise<Results[]> {
    return this.#call<Results[]>({ op: 'exec', text });
  }

  /** PGlite's transaction: BEGIN, the callback's statements, then COMMIT, or ROLLBACK if it throws. */
  async transaction<T>(callback: (tx: CopyingTransaction) => Promise<T>): Promise<T> {
    const id = await this.#call<number>({ op: 'begin' });
    let closed = false;
    const open = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const end = async (commit: boolean) => {
      closed = true;
      await this.#call({ op: 'end', transaction: id, commit });
    };
    const tx: CopyingTransaction = {
      copyFrom: async (text: string, data: Uint8Array) => {
        open();
        return this.copyFrom(text, data, id);
      },
      query: async <R>(text: string, params?: unknown[], options?: QueryOptions) => {
        open();
        return this.#query<R>(text, params, options, id);
      },
      sql: async () => {
        throw new Error('The embedded database thread takes query(), not sql templates');
      },
      exec: async (text: string) => {
        open();
        return this.#call<Results[]>({ op: 'exec', text, transaction: id });
      },
      rollback: async () => {
        open();
        await end(false);
      },
      listen: async () => {
        throw new Error('The embedded database thread listens outside transactions only');
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      if (!closed) await end(false).catch(() => undefined);
      throw error;
    }
    if (!closed) await end(true);
    return result;
  }

  /** LISTEN on a channel; the callback hears each notification before the answer that caused it. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let callbacks = this.#listeners.get(channel);
    if (!callbacks) {
      callbacks = new Set();
      this.#listeners.set(channel, callbacks);
      await this.#call({ op: 'listen', channel });
    }
    callbacks.add(callback);
    return async () => {
      const current = this.#listeners.get(channel);
      current?.delete(callback);
      if (current && current.size === 0) {
        this.#listeners.delete(channel);
        await this.#call({ op: 'unlisten', channel });
      }
    };
  }

  /** Checkpoints and closes the database, then ends the thread. */
  async close(): Promise<void> {
    if (this.#stopped) return;
    try {
      await this.#call({ op: 'close' });
    } finally {
      this.#stop(new Error('The embedded database is closed'));
      await this.#worker.terminate();
    }
  }
}
