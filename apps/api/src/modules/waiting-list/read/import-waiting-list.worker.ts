import { workerData } from 'node:worker_threads';
import type { ImportStep, WaitingListFileInput, WaitingListFileResult } from './import-batch.js';
import { lowerThreadPriority, serveTask } from '../../../platform/sandbox/serve-task.js';

// At a lower priority than the server's own threads, as the blood tests' thread is, and compiling
// its reading code while it waits when started ahead of its upload.
lowerThreadPriority();
const { readWaitingListFile } = await import('./import-batch.js');
if (workerData === undefined) await (await import('./warm-up.js')).warmUpReading('waitingList');
serveTask<WaitingListFileInput, WaitingListFileResult, ImportStep>(readWaitingListFile);
