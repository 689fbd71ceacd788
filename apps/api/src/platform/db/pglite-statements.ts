import {
  messages,
  parse,
  protocol,
  types,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';
import { isStalePlanError } from './stale-plan.js';

/** Prepared statements kept per PGlite session; the least recently used is closed beyond this. */
export const statementCacheSize = 256;

interface PreparedStatement {
  name: string;
  parameterTypes: number[];
}

type Run = <T>(work: () => Promise<T>) => Promise<T>;

export type NotificationHandler = (channel: string, payload: string) => void;

/** Backend message types this client reads (PostgreSQL protocol, "Message Formats"). */
const backend = {
  rowDescription: 0x54, // T
  dataRow: 0x44, // D
  commandComplete: 0x43, // C
  notification: 0x41, // A
  errorResponse: 0x45, // E
} as const;

const decoder = new TextDecoder();

/** PostgreSQL's error fields by their one-letter codes, as PGlite's DatabaseError names them. */
const errorFieldNames: Record<string, string> = {
  S: 'severity',
  C: 'code',
  D: 'detail',
  H: 'hint',
  P: 'position',
  p: 'internalPosition',
  q: 'internalQuery',
  W: 'where',
  s: 'schema',
  t: 'table',
  c: 'column',
  d: 'dataType',
  n: 'constraint',
  F: 'file',
  L: 'line',
  R: 'routine',
};

function readError(
  bytes: Uint8Array,
  start: number,
  end: number,
  length: number,
  text: (start: number, end: number) => string,
): messages.DatabaseError {
  const fields: Record<string, string> = {};
  for (let at = start; at < end && bytes[at] !== 0;) {
    const code = String.fromCharCode(bytes[at]!);
    const valueEnd = bytes.indexOf(0, at + 1);
    fields[code] = text(at + 1, valueEnd);
    at = valueEnd + 1;
  }
  const error = new messages.DatabaseError(fields.M ?? 'Unknown database error', length, 'error');
  for (const [code, value] of Object.entries(fields)) {
    const name = errorFieldNames[code];
    if (name) (error as unknown as Record<string, string>)[name] = value;
  }
  return error;
}

/**
 * The queries of the embedded database as named prepared statements, each execution one call
 * into PGlite (decision 0013). `PGlite.query` sends Parse, Describe, Bind, Describe, Execute and
 * Sync as six calls and plans the statement every time; on the server's one thread that cost more
 * than most list queries themselves. Results are read by PGlite's own parser, so rows, types and
 * errors are exactly what `PGlite.query` gives.
 */
export class PreparedStatementClient {
  readonly #pglite: PGlite;
  readonly #onNotification: NotificationHandler;
  readonly #statements = new Map<string, PreparedStatement>();
  /** The last answer's bytes; reused, as executions run one at a time. */
  #answer = new Uint8Array(64 * 1024);
  #sequence = 0;

  /**
   * @param onNotification hears the notifications that the client's own executions carry; PGlite's
   *   listeners hear those of statements run through PGlite itself (exec, BEGIN, COMMIT).
   */
  constructor(pglite: PGlite, onNotification: NotificationHandler = () => undefined) {
    this.#pglite = pglite;
    this.#onNotification = onNotification;
  }

  /** How many statements are prepared now (tests). */
  get preparedCount(): number {
    return this.#statements.size;
  }

  query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    // COPY through PGlite's /dev/blob needs its own bookkeeping: leave it to PGlite.
    if (options?.blob) return this.#pglite.query<T>(text, params, options);
    // Outside a transaction: wait for any open transaction, as PGlite.query does, then persist.
    return this.#pglite._runExclusiveTransaction(async () => {
      const result = await this.#execute<T>(text, params, options, (work) =>
        this.#pglite._runExclusiveQuery(work),
      );
      await this.#pglite.syncToFs();
      return result;
    });
  }

  /** PGlite's transaction, with its queries going through the prepared statements too. */
  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.#pglite.transaction((tx) => {
      const run: Run = (work) => this.#pglite._runExclusiveQuery(work);
      const prepared: Transaction = {
        query: <R>(text: string, params?: unknown[], options?: QueryOptions) => {
          if (tx.closed) throw new Error('Transaction is closed');
          return this.#execute<R>(text, params ?? [], options, run);
        },
        sql: (strings, ...params) => tx.sql(strings, ...params),
        exec: (text, options) => tx.exec(text, options),
        rollback: () => tx.rollback(),
        listen: (channel, callback) => tx.listen(channel, callback),
        get closed() {
          return tx.closed;
        },
      };
      return callback(prepared);
    });
  }

  async #execute<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    run: Run,
    retried = false,
  ): Promise<Results<T>> {
    return run(async () => {
      const statement = this.#statements.get(text) ?? (await this.#prepare(text, options));
      // Most recently used last: Map keeps insertion order.
      this.#statements.delete(text);
      this.#statements.set(text, statement);
      const values = params.map((value, index) =>
        this.#serialize(value, statement.parameterTypes[index], options),
      );
      const message = concat([
        protocol.serialize.bind({ statement: statement.name, values }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]);
      try {
        const length = await this.#runRaw(message);
        return this.#read<T>(length, options);
      } catch (error) {
        if (isStalePlanError(error)) await this.#close(text, statement);
        throw error;
      }
    }).catch(async (error: unknown) => {
      // A stale plan outside a transaction is prepared again once; inside one the error stands.
      if (retried || !isStalePlanError(error) || this.#pglite.isInTransaction()) throw error;
      return this.#execute<T>(text, params, options, run, true);
    });
  }

  async #prepare(text: string, options: QueryOptions | undefined): Promise<PreparedStatement> {
    if (this.#statements.size >= statementCacheSize) {
      const [oldestText, oldest] = this.#statements.entries().next().value as [string, PreparedStatement];
      await this.#close(oldestText, oldest);
    }
    this.#sequence += 1;
    const name = `esr_${this.#sequence}`;
    const messages = await this.#pglite.execProtocolStream(
      concat([
        protocol.serialize.parse({ name, text, types: options?.paramTypes }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const statement = { name, parameterTypes: parse.parseDescribeStatementResults(messages) };
    this.#statements.set(text, statement);
    return statement;
  }

  async #close(text: string, statement: PreparedStatement) {
    this.#statements.delete(text);
    await this.#pglite.execProtocolStream(
      concat([protocol.serialize.close({ type: 'S', name: statement.name }), protocol.serialize.sync()]),
      { syncToFs: false, throwOnError: false },
    );
  }

  /**
   * Runs protocol messages and keeps PostgreSQL's answer as bytes. PGlite's own reader copies every
   * value into an ArrayBuffer of its own before decoding it, which cost as much as many of the
   * statements themselves; this reads the bytes in place (decision 0014).
   */
  async #runRaw(message: Uint8Array): Promise<number> {
    let length = 0;
    await this.#pglite.execProtocolRawStream(message, {
      syncToFs: false,
      onRawData: (chunk) => {
        if (length + chunk.length > this.#answer.length) {
          const grown = new Uint8Array(Math.max(this.#answer.length * 2, length + chunk.length));
          grown.set(this.#answer.subarray(0, length));
          this.#answer = grown;
        }
        this.#answer.set(chunk, length);
        length += chunk.length;
      },
    });
    return length;
  }

  /**
   * The result of one execution, as PGlite's parseResults reads it, from the answer's bytes: each
   * column's parser chosen once, notifications handed on, the first error thrown with PostgreSQL's
   * fields as PGlite's DatabaseError carries them.
   */
  #read<T>(length: number, options: QueryOptions | undefined): Results<T> {
    const bytes = this.#answer;
    const view = new DataView(bytes.buffer, bytes.byteOffset, length);
    const result: Results<T> = { rows: [], fields: [], affectedRows: 0 };
    let readers: ((value: string | null) => unknown)[] = [];
    let error: messages.DatabaseError | undefined;
    const text = (start: number, end: number) => decoder.decode(bytes.subarray(start, end));
    const cstringEnd = (start: number) => bytes.indexOf(0, start);
    for (let offset = 0; offset + 5 <= length;) {
      const kind = bytes[offset]!;
      const end = offset + 1 + view.getInt32(offset + 1);
      let at = offset + 5;
      switch (kind) {
        case backend.rowDescription: {
          const count = view.getInt16(at);
          at += 2;
          const fields: { name: string; dataTypeID: number }[] = [];
          for (let index = 0; index < count; index += 1) {
            const nameEnd = cstringEnd(at);
            fields.push({ name: text(at, nameEnd), dataTypeID: view.getInt32(nameEnd + 7) });
            at = nameEnd + 19;
          }
          result.fields = fields;
          readers = fields.map(({ dataTypeID: type }) => {
            const parser = options?.parsers?.[type] ?? this.#pglite.parsers[type] ?? types.parsers[type];
            return parser ? (value) => (value === null ? null : parser(value, type)) : (value) => value;
          });
          break;
        }
        case backend.dataRow: {
          const count = view.getInt16(at);
          at += 2;
          const values: unknown[] = new Array(count);
          for (let index = 0; index < count; index += 1) {
            const size = view.getInt32(at);
            at += 4;
            values[index] = readers[index]!(size < 0 ? null : text(at, at + size));
            if (size > 0) at += size;
          }
          if (options?.rowMode === 'array') (result.rows as unknown[]).push(values);
          else {
            const row: Record<string, unknown> = {};
            result.fields.forEach((field, index) => (row[field.name] = values[index]));
            (result.rows as unknown[]).push(row);
          }
          break;
        }
        case backend.commandComplete: {
          const words = text(at, cstringEnd(at)).split(' ');
          const count = Number.parseInt(words[words.length - 1]!, 10);
          if (['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(words[0]!))
            result.affectedRows = count;
          break;
        }
        case backend.notification: {
          const channelEnd = cstringEnd(at + 4);
          this.#onNotification(text(at + 4, channelEnd), text(channelEnd + 1, cstringEnd(channelEnd + 1)));
          break;
        }
        case backend.errorResponse: {
          // After an error PostgreSQL skips to Sync: the first error is the statement's.
          error ??= readError(bytes, at, end, view.getInt32(offset + 1), text);
          break;
        }
      }
      offset = end;
    }
    if (error) throw error;
    return result;
  }

  /** As PGlite.query serialises a parameter: by the type PostgreSQL inferred for it. */
  #serialize(value: unknown, type: number | undefined, options: QueryOptions | undefined): string | null {
    if (value === null || value === undefined) return null;
    const serializer =
      type === undefined ? undefined : (options?.serializers?.[type] ?? this.#pglite.serializers[type]);
    return serializer ? serializer(value) : String(value);
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const message = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  return message;
}
