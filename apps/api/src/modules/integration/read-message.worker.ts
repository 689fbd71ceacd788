import { lowerThreadPriority, serveResidentTask } from '../../platform/sandbox/serve-task.js';
import { readMessageNow, type MessageToRead } from './message-formats.js';

// Read at a lower priority than the server's own threads, so that other users' requests come first.
lowerThreadPriority();
serveResidentTask((input: MessageToRead) => readMessageNow(input));
