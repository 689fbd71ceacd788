import type { FileOutcome } from '@esr/import-files/types';
import { readImportFile, type ImportFileBatch, type ImportFileInput } from './import-file.js';
import { serveTask } from './serve-task.js';

serveTask<ImportFileInput, FileOutcome, ImportFileBatch>((input, context) => readImportFile(input, context));
