import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { FastifyBaseLogger } from 'fastify';
import {
  readinessCheckNames,
  readinessTimeoutMs,
  type ReadinessCheckName,
  type ReadinessChecks,
  type ReadinessState,
} from '@esr/contracts/library';
import { queryRows, type Database } from '../../platform/db/client.js';
import type { Queue } from '../../platform/queue/queue.js';
import { safeErrorMessage } from '../../platform/logging.js';

// The folder the database client applies at start (platform/db/client.ts), from src/ or dist/ alike.
const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');

export type Readiness =
  | { ready: true; checks: ReadinessChecks }
  /** detail: what is not ready, in words. */
  | { ready: false; checks: ReadinessChecks; detail: string };

export interface ReadinessSources {
  database: Database;
  /** The job queue once it has started; undefined until then. */
  queue(): Queue | undefined;
  log: FastifyBaseLogger;
}

/**
 * Whether the database lacks a migration of this build, as drizzle's migrator decides it: it
 * applies every bundled migration more recent than the latest one the database records.
 */
export const migrationsPending = (bundledWhen: readonly number[], latestApplied: number | null) =>
  bundledWhen.some((when) => latestApplied === null || when > latestApplied);

const words = (state: ReadinessState): string => {
  switch (state) {
    case 'timeout':
      return `no answer within ${readinessTimeoutMs / 1000} s`;
    case 'pending':
      return 'migrations of this build are not applied';
    case 'not_started':
      return 'not started';
    default:
      return 'failed';
  }
};

/**
 * The readiness probe's checks (docs/operations.md, Health and logs), run together under one
 * deadline so that a probe always has its answer in time, however long the database takes. Probes
 * that arrive while a check runs share its answer.
 */
export function createReadiness(sources: ReadinessSources): () => Promise<Readiness> {
  const bundledWhen = readMigrationFiles({ migrationsFolder }).map((migration) => migration.folderMillis);
  const failures = new Map<ReadinessCheckName, string>();
  const attempt = async (name: ReadinessCheckName, work: () => Promise<ReadinessState>) => {
    try {
      const state = await work();
      failures.delete(name);
      return state;
    } catch (error) {
      failures.set(name, safeErrorMessage(error));
      return 'unavailable' as const;
    }
  };
  const checks: Record<ReadinessCheckName, () => Promise<ReadinessState>> = {
    database: async () => {
      await sources.database.db.execute(sql`select 1`);
      return 'ok';
    },
    migrations: async () => {
      const [row] = await queryRows<{ latest: number | string | null }>(
        sources.database.db,
        sql`select max(created_at) as latest from drizzle.__drizzle_migrations`,
      );
      const latest = row?.latest === null || row?.latest === undefined ? null : Number(row.latest);
      return migrationsPending(bundledWhen, latest) ? 'pending' : 'ok';
    },
    jobQueue: async () => {
      if (!sources.queue()) return 'not_started';
      const { rows } = await sources.database.executeSql('select version from pgboss.version');
      return rows.length > 0 ? 'ok' : 'unavailable';
    },
  };

  // A statement that outlived its probe's deadline is waited for again by the next probe rather
  // than asked a second time, so a hung database never collects a queue of probe statements.
  const inFlight = new Map<ReadinessCheckName, Promise<ReadinessState>>();
  const run = (name: ReadinessCheckName) => {
    let work = inFlight.get(name);
    if (!work) {
      work = attempt(name, checks[name]).finally(() => inFlight.delete(name));
      inFlight.set(name, work);
    }
    return work;
  };

  let wasReady: boolean | undefined;
  const check = async (): Promise<Readiness> => {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), readinessTimeoutMs);
    });
    try {
      const states = await Promise.all(
        readinessCheckNames.map((name) => Promise.race([run(name), deadline])),
      );
      const results = Object.fromEntries(
        readinessCheckNames.map((name, index) => [name, states[index]!]),
      ) as ReadinessChecks;
      const notReady = readinessCheckNames.filter((name) => results[name] !== 'ok');
      const ready = notReady.length === 0;
      if (ready !== wasReady) {
        if (ready) sources.log.info({ checks: results }, 'ready');
        else sources.log.warn({ checks: results, reasons: Object.fromEntries(failures) }, 'not ready');
        wasReady = ready;
      }
      if (ready) return { ready, checks: results };
      const reasons = notReady.map((name) => `${name}: ${words(results[name])}`);
      return { ready, checks: results, detail: `Not ready: ${reasons.join('; ')}` };
    } finally {
      clearTimeout(timer);
    }
  };

  let running: Promise<Readiness> | undefined;
  return () => {
    running ??= check().finally(() => {
      running = undefined;
    });
    return running;
  };
}
