import type { ImportStep, WaitingListFileInput, WaitingListFileResult } from './import-batch.js';
import { lowerThreadPriority, serveTask } from './serve-task.js';

// At a lower priority than the server's own threads, as the blood tests' thread is.
lowerThreadPriority();
const { readWaitingListFile } = await import('./import-batch.js');
serveTask<WaitingListFileInput, WaitingListFileResult, ImportStep>(readWaitingListFile);
