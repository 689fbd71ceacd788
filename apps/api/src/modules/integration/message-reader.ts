/**
 * Where the integration clients' messages are read: one resident sandbox thread of its own heap,
 * stack and time budget (platform/sandbox/resident-sandbox.ts), so that no message, however large
 * or strange, holds the server's main thread (docs/integration.md, Refusals). A message its thread
 * cannot read in time, or that breaks the thread, is refused; while too many wait, the next is
 * answered "send again later".
 */
import {
  residentSandbox,
  ResidentSandboxBusy,
  type ResidentSandbox,
} from '../../platform/sandbox/resident-sandbox.js';
import { SandboxFailure, sandboxTask } from '../../platform/sandbox/sandbox.js';
import {
  unreadRefusal,
  type MessageReadOutcome,
  type MessageToRead,
  type UnreadReason,
} from './message-formats.js';

const readingTask = sandboxTask('read-message', new URL('./read-message.worker.js', import.meta.url));

/** Heap and stack of the reading thread: a message is at most 1 MiB of text. */
const readingLimits = { heapMb: 256, stackMb: 4 } as const;
/** Messages waiting to be read beyond this are answered "send again later". */
const maxWaiting = 200;

const readers = new Map<number, ResidentSandbox<MessageToRead, MessageReadOutcome>>();

/** The reading thread for a time budget (one per budget: a server has one; tests set their own). */
function readerFor(timeoutMs: number) {
  let reader = readers.get(timeoutMs);
  if (!reader) {
    reader = residentSandbox<MessageToRead, MessageReadOutcome>(readingTask, {
      ...readingLimits,
      timeoutMs,
      maxWaiting,
    });
    readers.set(timeoutMs, reader);
  }
  return reader;
}

export interface ReadUnread {
  outcome: MessageReadOutcome;
  /**
   * Set when the message was not read because of the service's state rather than its content (too
   * many waiting): its record must not stand for the same message sent again.
   */
  transient: boolean;
}

/** Reads a message on its thread; `envelopeId` names it in a refusal built without reading it. */
export async function readMessage(
  input: MessageToRead,
  timeoutMs: number,
  envelopeId = '',
): Promise<ReadUnread> {
  try {
    return { outcome: await readerFor(timeoutMs).run(input), transient: false };
  } catch (error) {
    const reason: UnreadReason =
      error instanceof ResidentSandboxBusy
        ? 'busy'
        : error instanceof SandboxFailure && error.reason === 'timeout'
          ? 'timeout'
          : 'failed';
    return { outcome: { refusal: unreadRefusal(input, reason, envelopeId) }, transient: reason === 'busy' };
  }
}
