import { lowerThreadPriority, serveTask } from '../../platform/sandbox/serve-task.js';
import type { OutcomesFileInput } from './outcomes-validation.js';

// Read at a lower priority than the server's own threads, so that other users' requests come first.
lowerThreadPriority();
const { readOutcomesFile } = await import('@esr/import-files/outcomes');
serveTask((input: OutcomesFileInput) =>
  readOutcomesFile(
    { fileName: input.fileName, bytes: input.bytes },
    { today: input.today, limits: input.limits },
  ),
);
