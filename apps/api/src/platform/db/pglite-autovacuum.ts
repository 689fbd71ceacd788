import type { PGlite } from '@electric-sql/pglite';

/** How often the embedded database looks for tables to vacuum or analyse (PostgreSQL's naptime is 60 s). */
export const autovacuumIntervalMs = 60_000;

export interface TableActivity {
  /** Quoted, schema-qualified name, ready for a statement. */
  table: string;
  /** Rows at the last vacuum or analyse (pg_class.reltuples); -1 when never. */
  estimatedRows: number;
  deadRows: number;
  modifiedSinceAnalyze: number;
  insertedSinceVacuum: number;
}

/**
 * What PostgreSQL's autovacuum would do to a table, with its default settings:
 * autovacuum_vacuum_threshold 50 + scale factor 0.2, the insert threshold 1000 + 0.2, and
 * autovacuum_analyze_threshold 50 + 0.1, each scale factor applied to the table's estimated rows.
 * A table nobody has changed is left alone, so an empty table never gets statistics saying so.
 */
export function maintenanceDue(activity: TableActivity): 'vacuum' | 'analyze' | undefined {
  const rows = Math.max(activity.estimatedRows, 0);
  if (activity.deadRows > 50 + 0.2 * rows || activity.insertedSinceVacuum > 1000 + 0.2 * rows)
    return 'vacuum';
  if (activity.modifiedSinceAnalyze > 50 + 0.1 * rows) return 'analyze';
  return undefined;
}

/**
 * PGlite has no autovacuum, and index-only list searches need what it keeps (decisions 0011,
 * 0013): the visibility map and planner statistics. This does its work on the embedded database,
 * between other statements, with PostgreSQL's own thresholds.
 */
export class EmbeddedAutovacuum {
  readonly #client: PGlite;
  readonly #onError: (error: unknown) => void;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<string[]> | undefined;

  constructor(client: PGlite, onError: (error: unknown) => void) {
    this.#client = client;
    this.#onError = onError;
  }

  start(intervalMs = autovacuumIntervalMs) {
    this.#timer = setInterval(() => {
      this.runOnce().catch(this.#onError);
    }, intervalMs);
    // Maintenance never keeps the process alive.
    this.#timer.unref();
  }

  /** Vacuums or analyses every table that is due; answers what it ran. One run at a time. */
  runOnce(): Promise<string[]> {
    this.#running ??= this.#run().finally(() => (this.#running = undefined));
    return this.#running;
  }

  async stop() {
    clearInterval(this.#timer);
    await this.#running?.catch(() => undefined);
  }

  async #run(): Promise<string[]> {
    const { rows } = await this.#client.query<TableActivity>(
      `select format('%I.%I', s.schemaname, s.relname) as "table", c.reltuples::float8 as "estimatedRows",
         s.n_dead_tup::float8 as "deadRows", s.n_mod_since_analyze::float8 as "modifiedSinceAnalyze",
         s.n_ins_since_vacuum::float8 as "insertedSinceVacuum"
       from pg_stat_user_tables s join pg_class c on c.oid = s.relid`,
    );
    const ran: string[] = [];
    for (const activity of rows) {
      const due = maintenanceDue(activity);
      if (!due) continue;
      const statement = due === 'vacuum' ? `VACUUM (ANALYZE) ${activity.table}` : `ANALYZE ${activity.table}`;
      await this.#client.exec(statement);
      ran.push(statement);
    }
    return ran;
  }
}
