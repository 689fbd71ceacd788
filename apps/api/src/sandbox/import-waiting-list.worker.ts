import {
  readWaitingListFile,
  type ImportStep,
  type WaitingListFileInput,
  type WaitingListFileResult,
} from './import-batch.js';
import { serveTask } from './serve-task.js';

serveTask<WaitingListFileInput, WaitingListFileResult, ImportStep>(readWaitingListFile);
