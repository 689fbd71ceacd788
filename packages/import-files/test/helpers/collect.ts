import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseBloodTests } from '../../src/blood-tests.js';
import type { BloodTestOptions } from '../../src/blood-tests.js';
import type {
  BloodTestPatient,
  FileOutcome,
  InvalidRow,
  RowBatch,
  RowWarning,
  WaitingListRow,
} from '../../src/types.js';
import { parseWaitingList } from '../../src/waiting-list.js';
import type { WaitingListOptions } from '../../src/waiting-list.js';

export const today = '2025-03-03';

export function fixture(name: string): Buffer {
  return readFileSync(join(import.meta.dirname, '../files', name));
}

export interface Collected<T> {
  rows: T[];
  invalidRows: InvalidRow[];
  warnings: RowWarning[];
  batches: RowBatch<T>[];
  outcome: FileOutcome;
}

export async function collect<T>(generator: AsyncGenerator<RowBatch<T>, FileOutcome>): Promise<Collected<T>> {
  const result: Collected<T> = {
    rows: [],
    invalidRows: [],
    warnings: [],
    batches: [],
    outcome: undefined as never,
  };
  for (;;) {
    const next = await generator.next();
    if (next.done) {
      result.outcome = next.value;
      return result;
    }
    result.batches.push(next.value);
    result.rows.push(...next.value.rows);
    result.invalidRows.push(...next.value.invalidRows);
    result.warnings.push(...next.value.warnings);
  }
}

export function waitingList(
  bytes: Uint8Array | string,
  options: Partial<WaitingListOptions> = {},
  fileName = 'upload.csv',
): Promise<Collected<WaitingListRow>> {
  const data = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes;
  return collect(parseWaitingList({ bytes: data, fileName }, { procedure: 'knee-hip', today, ...options }));
}

export function bloodTests(
  bytes: Uint8Array | string,
  options: Partial<BloodTestOptions> = {},
  fileName = 'upload.csv',
): Promise<Collected<BloodTestPatient>> {
  const data = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes;
  return collect(parseBloodTests({ bytes: data, fileName }, { today, ...options }));
}

/** The errors of the invalid row with this number, as `field: message`. */
export function errorsOf(result: { invalidRows: InvalidRow[] }, rowNumber: number): string[] {
  const row = result.invalidRows.find((r) => r.rowNumber === rowNumber);
  return row ? row.errors.map((e) => `${e.field}: ${e.message}`) : [];
}

export const minimalHeader = 'NHS Number,Forename,Surname,Date of Birth,Sex,Referral Date';
