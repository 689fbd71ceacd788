import {
  parse,
  protocol,
  types,
  type messages,
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

/**
 * The queries of the embedded database as named prepared statements, each execution one call
 * into PGlite (decision 0013). `PGlite.query` sends Parse, Describe, Bind, Describe, Execute and
 * Sync as six calls and plans the statement every time; on the server's one thread that cost more
 * than most list queries themselves. Results are read by PGlite's own parser, so rows, types and
 * errors are exactly what `PGlite.query` gives.
 */
export class PreparedStatementClient {
  readonly #pglite: PGlite;
  readonly #statements = new Map<string, PreparedStatement>();
  #sequence = 0;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
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
        const messages = await this.#pglite.execProtocolStream(message, { syncToFs: false });
        return this.#read<T>(messages, options);
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
   * The result of one execution, as PGlite's parseResults reads it, with each column's parser
   * chosen once rather than merging every parser of the database into a new object per query.
   */
  #read<T>(messages: messages.BackendMessage[], options: QueryOptions | undefined): Results<T> {
    const result: Results<T> = { rows: [], fields: [], affectedRows: 0 };
    let readers: ((value: string | null) => unknown)[] = [];
    for (const message of messages) {
      if (message.name === 'rowDescription') {
        const { fields } = message as messages.RowDescriptionMessage;
        result.fields = fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID }));
        readers = fields.map((field) => {
          const type = field.dataTypeID;
          const parser = options?.parsers?.[type] ?? this.#pglite.parsers[type] ?? types.parsers[type];
          return parser ? (value) => (value === null ? null : parser(value, type)) : (value) => value;
        });
      } else if (message.name === 'dataRow') {
        const values = (message as messages.DataRowMessage).fields.map((value, index) =>
          readers[index]!(value),
        );
        if (options?.rowMode === 'array') (result.rows as unknown[]).push(values);
        else {
          const row: Record<string, unknown> = {};
          result.fields.forEach((field, index) => (row[field.name] = values[index]));
          (result.rows as unknown[]).push(row);
        }
      } else if (message.name === 'commandComplete') {
        const words = (message as messages.CommandCompleteMessage).text.split(' ');
        const count = Number.parseInt(words[words.length - 1]!, 10);
        if (['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(words[0]!)) result.affectedRows = count;
      }
    }
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
