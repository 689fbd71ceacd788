/**
 * An upload's stored files and staged rows, kept in the database between the upload, its validation
 * job and its confirm (decision 0023), so that any process can take up the batch.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Database, type Db } from '../../platform/db/client.js';

export type FileKind = 'waitingList' | 'bloodTest';

/** An outcomes file (decision 0045) is kept in outcome_files, a batch's only file. */
export type StoredFileKind = FileKind | 'outcomes';

const partsOf = (kind: StoredFileKind, batchId: string) =>
  kind === 'outcomes'
    ? { table: sql`outcome_files`, kindColumn: sql``, kindValue: sql``, where: sql`batch_id = ${batchId}` }
    : {
        table: sql`import_files`,
        kindColumn: sql`kind, `,
        kindValue: sql`${kind}, `,
        where: sql`batch_id = ${batchId} and kind = ${kind}`,
      };

/**
 * Where a file's warnings are kept for its warnings download (decision 0037): in import_row_issues
 * beside its refused rows, under a kind of their own, one entry a row (row 0 for the file's own
 * warnings) holding the row's warnings in order.
 */
export const warningsKind = (kind: FileKind) => `${kind}Warnings`;

/** The size of the parts a file is stored in (see the import_files table). */
export const importFilePartBytes = 4 * 1024 * 1024;

/**
 * PostgreSQL takes the bytes as a binary parameter. The embedded database takes them as base64
 * text: it reads a 50 MB bytea parameter 25 times faster that way (it writes binary ones out byte
 * by byte).
 */
export async function storeImportFile(
  db: Db,
  databaseKind: Database['kind'],
  batchId: string,
  kind: StoredFileKind,
  bytes: Buffer,
): Promise<void> {
  const { table, kindColumn, kindValue } = partsOf(kind, batchId);
  const parts = Math.max(1, Math.ceil(bytes.length / importFilePartBytes));
  for (let part = 0; part < parts; part += 1) {
    const slice = bytes.subarray(part * importFilePartBytes, (part + 1) * importFilePartBytes);
    const value =
      databaseKind === 'postgres' ? sql`${slice}` : sql`decode(${slice.toString('base64')}, 'base64')`;
    await db.execute(sql`insert into ${table} (batch_id, ${kindColumn}part, bytes)
      values (${batchId}, ${kindValue}${part}, ${value})`);
  }
}

/** The file's bytes, read a part at a time for the reason they are stored so. */
export async function readImportFile(
  db: Db,
  databaseKind: Database['kind'],
  batchId: string,
  kind: StoredFileKind,
): Promise<Buffer | null> {
  const { table, where } = partsOf(kind, batchId);
  const binary = databaseKind === 'postgres';
  const column = binary ? sql`bytes` : sql`encode(bytes, 'base64') as bytes`;
  const parts: Buffer[] = [];
  for (;;) {
    const [file] = await queryRows<{ bytes: Buffer | string }>(
      db,
      sql`select ${column} from ${table} where ${where} and part = ${parts.length}`,
    );
    if (!file) break;
    parts.push(binary ? (file.bytes as Buffer) : Buffer.from(file.bytes as string, 'base64'));
  }
  return parts.length > 0 ? Buffer.concat(parts) : null;
}

export async function discardStagedRows(db: Db, batchId: string): Promise<void> {
  await db.execute(sql`delete from staged_pathways where batch_id = ${batchId}`);
}
