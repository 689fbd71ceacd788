import {
  readWaitingListFile,
  type ImportStep,
  type WaitingListFileInput,
  type WaitingListFileResult,
} from './import-batch.js';
import { serveTask } from './serve-task.js';

// The list is read at a lower priority than the server's own threads: its rows wait for the blood
// tests' thread anyway (a million results take longer than 100,000 rows), which keeps the normal
// priority, so that the file that decides when validation ends is not the one held back.
serveTask<WaitingListFileInput, WaitingListFileResult, ImportStep>(readWaitingListFile, { background: true });
