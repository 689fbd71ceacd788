import { mkdirSync, writeFileSync } from 'node:fs';

/**
 * Keeps a bench's figures in bench/results/<bench>-<database>.json (bench/README.md), the database
 * first so that a PGlite run and a PostgreSQL run of the same bench sit side by side.
 */
export function writeBenchResults(bench: string, database: string, figures: object): void {
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(
    `bench/results/${bench}-${database.toLowerCase()}.json`,
    `${JSON.stringify({ database, ...figures }, null, 2)}\n`,
  );
}
