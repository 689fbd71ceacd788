import { checkModelFiles, type ModelFilesCheck, type ModelFilesInput } from './model-files.js';
import { serveTask } from '../../platform/sandbox/serve-task.js';

serveTask<ModelFilesInput, ModelFilesCheck>((input, context) => checkModelFiles(input, context));
