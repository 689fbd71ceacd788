import { checkModelFiles, type ModelFilesCheck, type ModelFilesInput } from './model-files.js';
import { serveTask } from './serve-task.js';

serveTask<ModelFilesInput, ModelFilesCheck>((input, context) => checkModelFiles(input, context));
