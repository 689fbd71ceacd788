import { workerData } from 'node:worker_threads';
import type { BloodTestFileInput, BloodTestFileResult, ImportStep } from './import-batch.js';
import { lowerThreadPriority, serveTask } from '../../../platform/sandbox/serve-task.js';

// Both of an import's threads read at a lower priority than the server's own threads (the one
// answering HTTP, the embedded database's), so that other users' requests come first; from before
// they load the reading code, which takes a thread about 0.2 s of processor time.
lowerThreadPriority();
const { readBloodTestFile } = await import('./import-batch.js');
// A thread started ahead of its upload (no request yet) compiles the reading code while it waits.
if (workerData === undefined) await (await import('./warm-up.js')).warmUpReading('bloodTest');
serveTask<BloodTestFileInput, BloodTestFileResult, ImportStep>(readBloodTestFile);
