import {
  readWaitingListFile,
  type ImportStep,
  type WaitingListFileInput,
  type WaitingListFileResult,
} from './import-batch.js';
import { serveTask } from './serve-task.js';

// At a lower priority than the server's own threads, as the blood tests' thread is.
serveTask<WaitingListFileInput, WaitingListFileResult, ImportStep>(readWaitingListFile, { background: true });
