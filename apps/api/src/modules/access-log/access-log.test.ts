import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { Principal } from '../identity/index.js';
import { streamedAccess } from './access-log.js';
import { seenInWords } from './access-log-reader.js';

const principal = {
  userId: '0198a1b2-0000-7000-8000-000000000001',
  firstName: 'Ceri',
  lastName: 'Jones',
  roles: ['cu'],
  trustCode: 'RAN',
} as unknown as Principal;

/** A database that keeps the parameters of each statement it is given. */
function recordingDb() {
  const statements: unknown[][] = [];
  const dialect = new PgDialect();
  const db = {
    execute: async (query: SQL) => {
      statements.push(dialect.sqlToQuery(query).params);
      return { rows: [] };
    },
  } as unknown as Db;
  return { db, statements };
}

const ids = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => ({
    id: `0198a1b2-0000-7000-8000-${String(from + i).padStart(12, '0')}`,
  }));

async function* pagesOf(...pages: { id: string }[][]) {
  for (const page of pages) yield page;
}

const access = {
  trustCode: 'RAN',
  route: 'GET /api/x',
  action: 'export',
  detail: 'Theatre list_20261127-101010.csv',
} as const;

describe('streamedAccess (decision 0042)', () => {
  it('writes one entry listing every row once the last page is read, before the end is passed on', async () => {
    const { db, statements } = recordingDb();
    const entry = streamedAccess(db, principal, access);
    const stream = new PassThrough();
    const written = entry.writtenWhenClosed(stream);
    const pages = entry.rows(pagesOf(ids(2000), ids(2000, 2000), ids(400, 4000)), (rows) =>
      rows.map((r) => r.id),
    );
    let read = 0;
    for await (const page of pages) read += page.length;
    expect(read).toBe(4400);
    expect(statements).toHaveLength(1);
    const list = statements[0]!.find((param) => typeof param === 'string' && param.startsWith('{'));
    expect((list as string).slice(1, -1).split(',')).toHaveLength(4400);
    stream.destroy();
    await written;
    // Written once, though the download then closed.
    expect(statements).toHaveLength(1);
  });

  it('writes the rows read so far when the download is cut short', async () => {
    const { db, statements } = recordingDb();
    const entry = streamedAccess(db, principal, access);
    const stream = new PassThrough();
    const written = entry.writtenWhenClosed(stream);
    const pages = entry.rows(pagesOf(ids(3), ids(3, 3)), (rows) => rows.map((r) => r.id));
    await pages.next();
    stream.destroy();
    await written;
    expect(statements).toHaveLength(1);
    expect(statements[0]).toContain(
      `{${ids(3)
        .map((r) => r.id)
        .join(',')}}`,
    );
    expect(statements[0]).toContain('Theatre list_20261127-101010.csv');
  });

  it('writes nothing when no row was read', async () => {
    const { db, statements } = recordingDb();
    const entry = streamedAccess(db, principal, access);
    const stream = new PassThrough();
    const written = entry.writtenWhenClosed(stream);
    stream.destroy();
    await written;
    expect(statements).toEqual([]);
  });

  it('rejects when the entry could not be written, so the download fails and the route logs it', async () => {
    const db = { execute: async () => Promise.reject(new Error('database gone')) } as unknown as Db;
    const entry = streamedAccess(db, principal, access);
    const stream = new PassThrough();
    const written = entry.writtenWhenClosed(stream);
    const pages = entry.rows(pagesOf(ids(1)), (rows) => rows.map((r) => r.id));
    await pages.next();
    await expect(pages.next()).rejects.toThrow('database gone');
    stream.destroy();
    await expect(written).rejects.toThrow('database gone');
  });
});

describe('what an entry showed, in words', () => {
  it.each([
    ['risk-summary', null, 1, 'Risk summary'],
    ['summary-pdf', null, 1, 'Risk summary PDF'],
    ['active-list', 'page 3', 15, 'Total records, page 3'],
    ['export', 'Theatre list_20261127-101010.csv', 2400, "Export 'Theatre list' (CSV, 2,400 patients)"],
    [
      'export',
      'Knee replacement processed all_20261127-101010.xlsx',
      1,
      "Export 'Knee replacement processed all' (XLSX, 1 patient)",
    ],
    [
      'rows-with-errors',
      'Knee waiting list rows with errors_20261127-101010.csv',
      2,
      "Rows with errors download 'Knee waiting list rows with errors' (CSV, 2 patients)",
    ],
    // Decision 0066: the file name is the search's as-at moment, which the words do not need.
    [
      'access-log-export',
      'Access log_20261206-091204.csv',
      2,
      'Who has seen a patient’s record, downloaded as CSV',
    ],
  ])('%s %s', (action, detail, pathways, words) => {
    expect(seenInWords(action, detail, pathways)).toBe(words);
  });
});

describe('the one writer', () => {
  it('no source file but access-log.ts writes the access log', () => {
    const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    const writers = (fs.readdirSync(src, { recursive: true }) as string[])
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .filter((file) =>
        /insert\s+into\s+"?patient_access_log/i.test(fs.readFileSync(path.join(src, file), 'utf8')),
      )
      .map((file) => file.split(path.sep).join('/'));
    expect(writers).toEqual(['modules/access-log/access-log.ts']);
  });
});
