import {
  readBloodTestFile,
  type BloodTestFileInput,
  type BloodTestFileResult,
  type ImportStep,
} from './import-batch.js';
import { serveTask } from './serve-task.js';

// Both of an import's threads read at a lower priority than the server's own threads (the one
// answering HTTP, the embedded database's), so that other users' requests come first.
serveTask<BloodTestFileInput, BloodTestFileResult, ImportStep>(readBloodTestFile, { background: true });
