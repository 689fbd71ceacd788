/**
 * An upload's two files read at once, each on a sandbox thread of its own (decisions 0022, 0030),
 * with what the threads hand back held until a validation adopts the reading: the process that
 * receives an upload starts reading it while it stores the files (decision 0031), and its
 * validation job, once it has cleared the batch's earlier rows, takes the output from there.
 */
import type { Population } from '@esr/risk-engine/population';
import type { ProcedureCode } from '@esr/contracts/procedures';
import type { ImportLimits } from '@esr/import-files/types';
import type {
  BloodTestFileInput,
  BloodTestFileResult,
  ImportStep,
  WaitingListFileInput,
  WaitingListFileResult,
} from './import-batch.js';
import {
  inSandboxLane,
  keepThreadReady,
  runSandboxed,
  sandboxLaneFree,
  sandboxTask,
  type SandboxLimits,
} from '../../../platform/sandbox/sandbox.js';

/** The import's two reading threads: the blood-test file's and the waiting list's. */
export const importTasks = {
  bloodTests: sandboxTask('import-blood-tests', new URL('./import-blood-tests.worker.js', import.meta.url)),
  waitingList: sandboxTask(
    'import-waiting-list',
    new URL('./import-waiting-list.worker.js', import.meta.url),
  ),
};

export interface ReadingSettings {
  limits: Partial<ImportLimits>;
  sandbox: SandboxLimits;
  /** The day dates are checked against (a future date of birth, an age over 110), YYYY-MM-DD. */
  today: () => string;
  /** The size of the parts the staged rows are copied to the database in (`WaitingListFileInput`). */
  stagedPartBytes: number;
}

export interface FilesToRead {
  batchId: string;
  procedure: ProcedureCode;
  /** The record fields the procedure's active model fills in when blank: a blank one is a warning. */
  defaultedFields: string[];
  /** What each of them takes, in words, and who the model was made for (`WaitingListOptions`). */
  defaultWords?: Record<string, string>;
  population?: Population | null;
  /**
   * Each file's bytes are handed over to its thread, or shared with it when they are in shared
   * memory: the caller must not change them afterwards.
   */
  waitingList: { fileName: string; bytes: Uint8Array };
  bloodTest: { fileName: string; bytes: Uint8Array };
}

/** An upload's files as the request brought them. */
export interface ReceivedUpload {
  batchId: string;
  procedure: ProcedureCode;
  defaultedFields: string[];
  defaultWords?: Record<string, string>;
  population?: Population | null;
  waitingList: { fileName: string; bytes: Buffer };
  bloodTest: { fileName: string; bytes: Buffer };
}

export type ReadOutcome = [
  bloods: PromiseSettledResult<BloodTestFileResult>,
  list: PromiseSettledResult<WaitingListFileResult>,
];

export interface FileReading {
  /**
   * Hands the threads' output (staged lines, refused rows), in order, to `sink` from now on; settles
   * once both threads are done. The threads read on meanwhile, at most one batch ahead of it.
   */
  adopt(sink: (step: ImportStep) => Promise<void>): Promise<ReadOutcome>;
  /** Stops the threads: the upload was not stored, or no validation here took it in time. */
  abandon(): void;
}

/**
 * Starts reading when the import lane is free (one upload's pair of threads at a time). The list
 * thread waits for the blood thread's patients to end its rows' lines with, or for none if the
 * blood file failed, when nothing is staged.
 */
export function startReading(files: FilesToRead, settings: ReadingSettings): FileReading {
  let adopted: (sink: (step: ImportStep) => Promise<void>) => void = () => undefined;
  const sink = new Promise<(step: ImportStep) => Promise<void>>((resolve) => (adopted = resolve));
  const onBatch = async (step: ImportStep) => (await sink)(step);
  const stop = new AbortController();
  const common = { today: settings.today(), limits: settings.limits };
  const bloodInput: BloodTestFileInput = { ...common, file: files.bloodTest };
  const listInput: WaitingListFileInput = {
    ...common,
    batchId: files.batchId,
    procedure: files.procedure,
    defaultedFields: files.defaultedFields,
    defaultWords: files.defaultWords,
    population: files.population,
    stagedPartBytes: settings.stagedPartBytes,
    file: files.waitingList,
  };
  const outcome = inSandboxLane('import-files', () => {
    const bloodRun = runSandboxed<BloodTestFileInput, BloodTestFileResult, ImportStep>(
      importTasks.bloodTests,
      bloodInput,
      settings.sandbox,
      { transfer: handedOver(files.bloodTest.bytes), onBatch, signal: stop.signal },
    );
    const listRun = runSandboxed<WaitingListFileInput, WaitingListFileResult, ImportStep>(
      importTasks.waitingList,
      listInput,
      settings.sandbox,
      {
        transfer: handedOver(files.waitingList.bytes),
        onBatch,
        signal: stop.signal,
        later: bloodRun.then(({ read, patients }) =>
          read.outcome.status === 'FAILED'
            ? { data: null }
            : {
                data: patients,
                transfer: [patients.text.buffer as ArrayBuffer, patients.ends.buffer as ArrayBuffer],
              },
        ),
      },
    );
    return Promise.allSettled([bloodRun, listRun]);
  });
  return {
    adopt(take) {
      adopted(take);
      return outcome;
    },
    abandon() {
      stop.abort(new Error('The upload was not validated by this process'));
    },
  };
}

/**
 * A reading of an upload's files as the request brought them (copies: the upload goes on to store
 * them), or none while another upload is being read: a reading waiting for the lane would hold its
 * copies for nothing, and the validation job reads the stored files instead.
 */
export function startReadingUpload(upload: ReceivedUpload, settings: ReadingSettings): FileReading | null {
  if (!sandboxLaneFree('import-files')) return null;
  return startReading(
    {
      ...upload,
      waitingList: { fileName: upload.waitingList.fileName, bytes: readable(upload.waitingList.bytes) },
      bloodTest: { fileName: upload.bloodTest.fileName, bytes: readable(upload.bloodTest.bytes) },
    },
    settings,
  );
}

/**
 * The bytes as a reading thread takes them: shared memory as it is (an upload's files arrive in it,
 * and nobody writes to them), anything else copied, since the request goes on to store them.
 */
const readable = (bytes: Buffer): Uint8Array =>
  bytes.buffer instanceof SharedArrayBuffer
    ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    : new Uint8Array(bytes);

/** Buffers handed over to a thread instead of copied: shared memory is shared, not handed over. */
const handedOver = (bytes: Uint8Array): ArrayBuffer[] =>
  bytes.buffer instanceof SharedArrayBuffer ? [] : [bytes.buffer as ArrayBuffer];

/** Keeps an import's two threads started and waiting, in a process that validates uploads. */
export function keepImportThreadsReady(settings: ReadingSettings): void {
  keepThreadReady(importTasks.bloodTests, settings.sandbox);
  keepThreadReady(importTasks.waitingList, settings.sandbox);
}
