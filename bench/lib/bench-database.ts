import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { JWK } from 'jose';
import { openDatabase, type Database } from '../../apps/api/dist/platform/db/client.js';
import { loadDevelopmentSecrets } from '../../apps/api/dist/modules/identity/signing-keys.js';
import { freshPostgres } from './database.js';

/**
 * The database of one benchmark run: a fresh PostgreSQL database beside DATABASE_URL's when it is
 * set, else a fresh PGlite folder. BENCH_DATABASE_NAME (PostgreSQL) or BENCH_DATA_DIR (PGlite)
 * keeps a seeded one between runs instead (`reused` says whether it was already there, so the
 * benchmark seeds only once). `name` names the scratch database and folder (`esr_{name}_bench_{pid}`).
 * With `fresh`, always a scratch one (for a run that changes what it measures, or a second database).
 */
export async function benchDatabase(name: string, options: { fresh?: boolean } = {}) {
  const keptName = options.fresh ? undefined : process.env.BENCH_DATABASE_NAME;
  const postgres = process.env.DATABASE_URL
    ? await freshPostgres(
        process.env.DATABASE_URL,
        keptName ?? `esr_${name}_bench_${process.pid}`,
        Boolean(keptName),
      )
    : undefined;
  const keptDir = options.fresh ? undefined : process.env.BENCH_DATA_DIR;
  const dataDir = postgres
    ? undefined
    : (keptDir ?? mkdtempSync(path.join(os.tmpdir(), `esr-${name}-bench-`)));
  return {
    label: postgres ? 'PostgreSQL' : 'PGlite',
    reused: postgres ? postgres.reused : Boolean(keptDir && existsSync(path.join(keptDir, 'pglite'))),
    /** Opened in the benchmark's own process (close it before the server opens a PGlite folder). */
    open: () =>
      openDatabase(
        postgres ? { kind: 'postgres', url: postgres.url } : { kind: 'pglite', dataDir: dataDir! },
      ),
    /** What startBuiltServer needs to serve this database. */
    serverEnv: (postgres ? { DATABASE_URL: postgres.url } : { DATA_DIR: dataDir! }) as Record<string, string>,
    /** Drops the scratch database or folder (not a kept one). */
    async dispose() {
      if (dataDir && !keptDir) rmSync(dataDir, { recursive: true, force: true });
      await postgres?.drop();
    },
  };
}

/**
 * Seeds a benchmark's database with `seed`, unless it was kept seeded from an earlier run, and reads
 * the development signing key the server will sign with; the database is closed after, so that the
 * server can open a PGlite folder.
 */
export async function seedOnce(
  bench: Awaited<ReturnType<typeof benchDatabase>>,
  seed: (database: Database) => Promise<void>,
): Promise<JWK> {
  const database = await bench.open();
  try {
    if (!bench.reused) await seed(database);
    return (await loadDevelopmentSecrets(database.db)).signingKey;
  } finally {
    await database.close();
  }
}
