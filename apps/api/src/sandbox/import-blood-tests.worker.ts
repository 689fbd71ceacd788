import {
  readBloodTestFile,
  type BloodTestFileInput,
  type BloodTestFileResult,
  type ImportStep,
} from './import-batch.js';
import { serveTask } from './serve-task.js';

serveTask<BloodTestFileInput, BloodTestFileResult, ImportStep>(readBloodTestFile);
