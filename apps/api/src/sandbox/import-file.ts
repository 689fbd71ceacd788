/**
 * Reads one uploaded waiting-list or blood-test file (DESIGN §5). Runs on a sandbox thread
 * (import-file.worker.ts): the bytes are untrusted, and the readers (csv, xlsx, xls) are large.
 */
import type { ProcedureCode } from '@esr/contracts/procedures';
import { parseBloodTests } from '@esr/import-files/blood-tests';
import type {
  BloodTestPatient,
  FileOutcome,
  ImportLimits,
  RowBatch,
  WaitingListRow,
} from '@esr/import-files/types';
import { parseWaitingList } from '@esr/import-files/waiting-list';
import type { TaskContext } from './serve-task.js';

export type ImportFileInput =
  | {
      kind: 'waitingList';
      fileName: string;
      bytes: Uint8Array;
      procedure: ProcedureCode;
      today: string;
      limits: Partial<ImportLimits>;
    }
  | { kind: 'bloodTest'; fileName: string; bytes: Uint8Array; today: string; limits: Partial<ImportLimits> };

export type ImportFileBatch =
  ({ kind: 'waitingList' } & RowBatch<WaitingListRow>) | ({ kind: 'bloodTest' } & RowBatch<BloodTestPatient>);

export async function readImportFile(
  input: ImportFileInput,
  context: Pick<TaskContext<ImportFileBatch>, 'emit'>,
): Promise<FileOutcome> {
  const source = { bytes: input.bytes, fileName: input.fileName };
  if (input.kind === 'waitingList') {
    const reader = parseWaitingList(source, {
      procedure: input.procedure,
      today: input.today,
      limits: input.limits,
    });
    for (;;) {
      const step = await reader.next();
      if (step.done) return step.value;
      await context.emit({ kind: 'waitingList', ...step.value });
    }
  }
  const reader = parseBloodTests(source, { today: input.today, limits: input.limits });
  for (;;) {
    const step = await reader.next();
    if (step.done) return step.value;
    await context.emit({ kind: 'bloodTest', ...step.value });
  }
}
