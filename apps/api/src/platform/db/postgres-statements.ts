import pg from 'pg';
import { isStalePlanError } from './stale-plan.js';

/** Distinct statement texts given a name; past this, further texts run unnamed (planned each time). */
export const namedStatementLimit = 500;

/**
 * Names for statement texts, shared by every connection of the pool. node-postgres prepares a named
 * statement once per connection and afterwards only binds and executes it, so PostgreSQL parses it
 * once and may keep its plan (decision 0013). Values are always bind parameters, so the texts are
 * the application's own queries: a bounded set.
 */
export class StatementNames {
  readonly #names = new Map<string, string>();
  #sequence = 0;

  constructor(private readonly limit = namedStatementLimit) {}

  nameFor(text: string): string | undefined {
    const known = this.#names.get(text);
    if (known || this.#names.size >= this.limit) return known;
    this.#sequence += 1;
    const name = `esr_${this.#sequence}`;
    this.#names.set(text, name);
    return name;
  }

  /** After a stale-plan error the text gets a new name, so every connection prepares it again. */
  retire(text: string) {
    this.#names.delete(text);
  }
}

interface QueryConfigLike {
  text?: unknown;
  name?: unknown;
  submit?: unknown;
}

/**
 * A pool whose clients run the application's queries as named prepared statements, each kept with
 * one generic plan (decision 0015).
 */
export function createPreparingPool(config: pg.PoolConfig, names = new StatementNames()): pg.Pool {
  class PreparingClient extends pg.Client {
    // The overloads of pg.Client.query cannot be restated one by one; this forwards all of them.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    override query(config: any, values?: any, callback?: any): any {
      const candidate = (typeof config === 'string' ? { text: config } : config) as QueryConfigLike | null;
      const callbackOf = [values, callback].find((argument) => typeof argument === 'function') as
        ((error: unknown, result?: unknown) => void) | undefined;
      const bound = Array.isArray(values) ? values : (candidate as { values?: unknown } | null)?.values;
      // Only statements with bind values are named: one without may hold several statements,
      // which a prepared statement cannot (migrations, pg-boss's batches).
      if (
        typeof candidate?.text !== 'string' ||
        candidate.name !== undefined ||
        candidate.submit !== undefined ||
        !Array.isArray(bound) ||
        bound.length === 0
      )
        return super.query(config, values, callback);
      const result = this.#prepared(candidate as pg.QueryConfig & { text: string }, bound);
      if (!callbackOf) return result;
      // node-postgres's pool calls with a callback.
      result.then(
        (answer) => callbackOf(null, answer),
        (error: unknown) => callbackOf(error),
      );
      return undefined;
    }

    async #prepared(
      config: pg.QueryConfig & { text: string },
      values: unknown[],
      retried = false,
    ): Promise<unknown> {
      const name = names.nameFor(config.text);
      try {
        return await super.query({ ...config, ...(name ? { name } : {}), values });
      } catch (error) {
        if (!name || !isStalePlanError(error)) throw error;
        names.retire(config.text);
        // Outside a transaction ('I': idle) the statement is prepared again once; inside one the error stands.
        if (retried || this.getTransactionStatus() !== 'I') throw error;
        return this.#prepared(config, values, true);
      }
    }
  }
  // PostgreSQL's default plans a statement afresh whenever a plan for the values at hand looks
  // cheaper, which it always does for a range search: planning then cost more than the search.
  // A startup parameter sets it with the connection, before the pool hands it out.
  const options = [config.options, '-c plan_cache_mode=force_generic_plan'].filter(Boolean).join(' ');
  const pool = new pg.Pool({ ...config, options, Client: PreparingClient });
  return pool;
}
