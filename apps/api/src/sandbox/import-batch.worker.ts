import {
  readImportBatch,
  type ImportBatchInput,
  type ImportBatchResult,
  type ImportBatchStep,
} from './import-batch.js';
import { serveTask } from './serve-task.js';

serveTask<ImportBatchInput, ImportBatchResult, ImportBatchStep>((input, context) =>
  readImportBatch(input, context),
);
