import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from './client.js';

describe('embedded database folder (PGlite)', () => {
  it('is locked by one process, refused to a second opener, and unlocked and reusable after a clean close', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esr-lock-'));
    try {
      const first = await openDatabase({ kind: 'pglite', dataDir });
      expect(fs.readFileSync(path.join(dataDir, 'server.lock'), 'utf8')).toBe(String(process.pid));
      await first.db.execute(
        sql`insert into app_settings (key, value) values ('lock-test', '{"kept": true}'::jsonb)`,
      );

      // Another live process holding the lock: simulate with our parent's pid.
      fs.writeFileSync(path.join(dataDir, 'server.lock'), String(process.ppid));
      await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow(/in use by process/);
      fs.writeFileSync(path.join(dataDir, 'server.lock'), String(process.pid));

      await first.close();
      expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

      const again = await openDatabase({ kind: 'pglite', dataDir });
      const result = (await again.db.execute(
        sql`select value from app_settings where key = 'lock-test'`,
      )) as unknown as {
        rows: { value: { kept: boolean } }[];
      };
      expect(result.rows[0]?.value).toEqual({ kept: true });
      await again.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('keeps one generic plan per prepared statement, and leaves a new database without statistics', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esr-plans-'));
    try {
      const database = await openDatabase({ kind: 'pglite', dataDir });
      // Statistics of empty tables would mislead the planner as they fill (decision 0013).
      const rows = (
        (await database.db.execute(
          sql`select current_setting('plan_cache_mode') as mode,
                (select reltuples from pg_class where relname = 'users') as reltuples`,
        )) as unknown as { rows: { mode: string; reltuples: number }[] }
      ).rows;
      expect(rows[0]).toEqual({ mode: 'force_generic_plan', reltuples: -1 });
      await database.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('takes over a stale lock left by a process that no longer exists', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esr-lock-'));
    try {
      fs.writeFileSync(path.join(dataDir, 'server.lock'), '999999');
      const database = await openDatabase({ kind: 'pglite', dataDir });
      expect(fs.readFileSync(path.join(dataDir, 'server.lock'), 'utf8')).toBe(String(process.pid));
      await database.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
