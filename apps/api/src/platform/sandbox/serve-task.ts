/** The thread side of sandbox.ts: runs one task on the request it was started with. */
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type {
  ResidentCommand,
  ResidentReply,
  SandboxCommand,
  SandboxReply,
  SandboxRequest,
} from './protocol.js';

/**
 * Thrown by a task whose buffers (outside the heap its thread is limited to) would pass
 * `TaskContext.bufferBytes`: it fails as a thread that ran out of memory does.
 */
export class BufferBudgetExceeded extends Error {
  constructor() {
    super('The buffer budget of the thread was exceeded');
    this.name = 'BufferBudgetExceeded';
  }
}

export interface TaskContext<TBatch> {
  /**
   * How many bytes the task may hold in buffers (ArrayBuffers live outside the heap its thread is
   * limited to): past it, it throws BufferBudgetExceeded.
   */
  readonly bufferBytes: number;
  /** Says which part of the input is being read, so a crash can be blamed on the right file. */
  stage(stage: string): void;
  /**
   * Hands a batch to the server and waits until the server is ready for another (backpressure);
   * `transfer` buffers go over without a copy (the task must not use them after).
   */
  emit(batch: TBatch, transfer?: ArrayBuffer[]): Promise<void>;
  /** Waits for what the server sends the task part-way through (`SandboxRun.later`). */
  receive<T>(): Promise<T>;
  /**
   * What the server has sent part-way through, if it has arrived (after letting waiting messages
   * in), without waiting for it; it is then taken, as `receive` takes it.
   */
  arrived<T>(): Promise<{ data: T } | undefined>;
  /** Hands these buffers over with the result instead of copying them (the task must not use them after). */
  transferWithResult(buffers: ArrayBuffer[]): void;
}

/**
 * Runs this thread at a lower CPU priority than the server's own (Linux keeps a priority per
 * thread), so that on a small server other users' requests come first while a large file is read.
 */
export function lowerThreadPriority(): void {
  if (process.platform === 'linux') os.setPriority(10);
}

export function serveTask<TInput, TResult, TBatch = never>(
  task: (input: TInput, context: TaskContext<TBatch>) => Promise<TResult> | TResult,
): void {
  const port = parentPort;
  if (!port) throw new Error('serveTask runs only on a worker thread');
  const post = (message: SandboxReply<TResult, TBatch>, transfer: ArrayBuffer[] = []) =>
    port.postMessage(message, transfer);
  let acknowledged: (() => void) | null = null;
  const received: unknown[] = [];
  let receiving: ((data: unknown) => void) | null = null;
  let transfer: ArrayBuffer[] = [];
  let started = false;
  const run = ({ input, bufferBytes }: SandboxRequest<TInput>) => {
    // One task a thread: its heap is fresh for each untrusted file.
    if (started) return;
    started = true;
    const context: TaskContext<TBatch> = {
      bufferBytes,
      stage: (stage) => post({ type: 'stage', stage }),
      emit: (batch, transfer) =>
        new Promise<void>((resolve) => {
          acknowledged = resolve;
          post({ type: 'batch', batch }, transfer);
        }),
      receive: <T>() =>
        received.length > 0
          ? Promise.resolve(received.shift() as T)
          : new Promise<T>((resolve) => {
              receiving = (data) => {
                receiving = null;
                resolve(data as T);
              };
            }),
      arrived: <T>() =>
        new Promise<{ data: T } | undefined>((resolve) =>
          setImmediate(() => resolve(received.length > 0 ? { data: received.shift() as T } : undefined)),
        ),
      transferWithResult: (buffers) => {
        transfer = buffers;
      },
    };
    Promise.resolve()
      .then(() => task(input, context))
      .then(
        (result) => post({ type: 'done', result }, transfer),
        (error: unknown) =>
          post({
            type: 'failed',
            message: error instanceof Error ? error.name : 'Error',
            outOfMemory: error instanceof BufferBudgetExceeded,
          }),
      )
      .finally(() => port.close());
  };
  port.on('message', (command: SandboxCommand) => {
    if (command.type === 'start') run(command.request as SandboxRequest<TInput>);
    else if (command.type === 'ack') acknowledged?.();
    else if (receiving) receiving(command.data);
    else received.push(command.data);
  });
  // A thread started ahead of its task waits for the request; any other has it from the start.
  const request = workerData as SandboxRequest<TInput> | undefined;
  if (request) run(request);
}

/**
 * The thread side of resident-sandbox.ts: reads one piece after another, each answered by its id.
 * A piece that throws is answered as failed (its class name only); one that never returns is
 * stopped by the server with the whole thread.
 */
export function serveResidentTask<TInput, TResult>(task: (input: TInput) => TResult): void {
  const port = parentPort;
  if (!port) throw new Error('serveResidentTask runs only on a worker thread');
  port.on('message', (command: ResidentCommand) => {
    if (command.type !== 'run') return;
    let reply: ResidentReply<TResult>;
    try {
      reply = { type: 'done', id: command.id, result: task(command.input as TInput) };
    } catch (error) {
      reply = {
        type: 'failed',
        id: command.id,
        message: error instanceof Error ? error.name : 'Error',
        outOfMemory: error instanceof RangeError && /memory|allocation/i.test(error.message),
      };
    }
    port.postMessage(reply);
  });
  port.postMessage({ type: 'ready' } satisfies ResidentReply<TResult>);
}
