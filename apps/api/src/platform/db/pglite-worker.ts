// The thread that owns the embedded database (decision 0014). PGlite runs PostgreSQL compiled to
// WebAssembly on the thread that calls it; here that thread is not the one serving HTTP, so a
// search or an import never holds up the API's other calls. The main thread talks to it through
// pglite-thread.ts with the messages of pglite-thread-protocol.ts.
import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Results, type Transaction } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { EmbeddedAutovacuum } from './pglite-autovacuum.js';
import { PreparedStatementClient } from './pglite-statements.js';
import {
  toWireError,
  type Notification,
  type Request,
  type StartOptions,
  type ThreadMessage,
  type WireResult,
} from './pglite-thread-protocol.js';

const port = parentPort!;
const options = workerData as StartOptions;
const inMemory = options.dataDir === 'memory://';

const post = (message: ThreadMessage) => port.postMessage(message);

/** Notifications heard since the last answer; they leave with the next one (see the protocol). */
let heard: Notification[] = [];
const takeHeard = () => {
  const taken = heard;
  heard = [];
  return taken;
};

interface OpenTransaction {
  tx: Transaction;
  finish(commit: boolean): void;
  ended: Promise<void>;
}

async function open() {
  const pglite = !inMemory
    ? await PGlite.create(options.dataDir)
    : options.startFrom
      ? await PGlite.create({ loadDataDir: new Blob([await readFile(options.startFrom)]) })
      : await PGlite.create();
  try {
    await migrate(drizzle(pglite), { migrationsFolder: options.migrationsFolder });
    // PGlite has no autovacuum of its own (decision 0013).
    const autovacuum = new EmbeddedAutovacuum(pglite, (error) =>
      post({ event: 'maintenance-error', error: toWireError(error) }),
    );
    await autovacuum.runOnce();
    autovacuum.start();
    // Planning in WebAssembly costs more than most list queries run: each prepared statement keeps
    // one generic plan (its searches are written for generic plans; decision 0013).
    await pglite.exec('SET plan_cache_mode = force_generic_plan');
    // Notifications come from the client's own executions and from PGlite's (exec, COMMIT).
    const hear = (channel: string, payload: string) => heard.push([channel, payload]);
    pglite.onNotification(hear);
    return { pglite, autovacuum, statements: new PreparedStatementClient(pglite, hear) };
  } catch (error) {
    await pglite.close().catch(() => undefined);
    throw error;
  }
}

const keepText = (value: string) => value;
const rawParsersByTypes = new Map<string, Record<number, typeof keepText>>();

/**
 * Values of the raw types stay PostgreSQL's text; the caller parses them itself. Callers pass the
 * same few sets (Drizzle: one) with every statement, so each set's parsers are made once.
 */
function rawParsers(rawTypes: number[]) {
  const key = rawTypes.join(',');
  let parsers = rawParsersByTypes.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(rawTypes.map((type) => [type, keepText]));
    rawParsersByTypes.set(key, parsers);
  }
  return parsers;
}

const toWire = (result: Results<unknown[]>): WireResult => ({
  fields: result.fields,
  rows: result.rows,
  affectedRows: result.affectedRows ?? 0,
});

/**
 * Opens a transaction that stays open across messages: PGlite holds every other statement back
 * until it ends, as it does in one thread. Answers its id once BEGIN has run.
 */
function begin(
  statements: Awaited<ReturnType<typeof open>>['statements'],
  transactions: Map<number, OpenTransaction>,
  id: number,
): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    let started = false;
    let finish: (commit: boolean) => void = () => undefined;
    const decision = new Promise<boolean>((decide) => (finish = decide));
    const ended = statements.transaction(async (tx) => {
      transactions.set(id, { tx, finish, ended });
      started = true;
      resolve(id);
      const commit = await decision;
      transactions.delete(id);
      // PGlite commits when the callback returns, unless the transaction was rolled back.
      if (!commit && !tx.closed) await tx.rollback();
    });
    ended.catch((error: unknown) => {
      transactions.delete(id);
      if (!started) reject(error);
    });
  });
}

async function serve() {
  const { pglite, autovacuum, statements } = await open();
  const transactions = new Map<number, OpenTransaction>();
  const listening = new Set<string>();
  const quoted = (channel: string) => `"${channel.replace(/"/g, '""')}"`;
  let nextTransactionId = 1;

  const transactionOf = (id: number | undefined) => {
    if (id === undefined) return undefined;
    const open = transactions.get(id);
    if (!open) throw new Error('Transaction is closed');
    return open.tx;
  };

  async function handle(request: Request): Promise<unknown> {
    switch (request.op) {
      case 'query': {
        const tx = transactionOf(request.transaction);
        const queryOptions = {
          rowMode: 'array' as const,
          parsers: rawParsers(request.rawTypes),
          ...(request.paramTypes ? { paramTypes: request.paramTypes } : {}),
        };
        const result = tx
          ? await tx.query<unknown[]>(request.text, request.params, queryOptions)
          : await statements.query<unknown[]>(request.text, request.params, queryOptions);
        return toWire(result);
      }
      case 'copy': {
        // The simple protocol: inside a transaction PGlite's extended-protocol COPY loses its rows.
        const target = transactionOf(request.transaction) ?? pglite;
        const results = await target.exec(request.text, { blob: new Blob([request.data]) });
        return results.reduce((sum, result) => sum + (result.affectedRows ?? 0), 0);
      }
      case 'exec': {
        const tx = transactionOf(request.transaction);
        return tx ? await tx.exec(request.text) : await pglite.exec(request.text);
      }
      case 'begin':
        return begin(statements, transactions, nextTransactionId++);
      case 'end': {
        const open = transactions.get(request.transaction);
        if (!open) throw new Error('Transaction is closed');
        open.finish(request.commit);
        await open.ended;
        return null;
      }
      case 'listen': {
        if (!listening.has(request.channel)) {
          await pglite.exec(`LISTEN ${quoted(request.channel)}`);
          listening.add(request.channel);
        }
        return null;
      }
      case 'unlisten': {
        if (listening.delete(request.channel)) await pglite.exec(`UNLISTEN ${quoted(request.channel)}`);
        return null;
      }
      case 'close': {
        await autovacuum.stop();
        const unfinished = [...transactions.values()];
        for (const open of unfinished) open.finish(false);
        await Promise.allSettled(unfinished.map((open) => open.ended));
        if (!inMemory) await pglite.exec('CHECKPOINT');
        await pglite.close();
        return null;
      }
    }
  }

  port.on('message', (request: Request) => {
    handle(request).then(
      (value) => post({ id: request.id, ok: true, value, notifications: takeHeard() }),
      (error: unknown) =>
        post({ id: request.id, ok: false, error: toWireError(error), notifications: takeHeard() }),
    );
  });
  post({ event: 'ready' });
}

serve().catch((error: unknown) => post({ event: 'failed', error: toWireError(error) }));
