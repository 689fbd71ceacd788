/** The thread side of sandbox.ts: runs one task on the request it was started with. */
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { SandboxCommand, SandboxReply, SandboxRequest } from './protocol.js';

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
  /** Hands these buffers over with the result instead of copying them (the task must not use them after). */
  transferWithResult(buffers: ArrayBuffer[]): void;
}

export interface TaskOptions {
  /**
   * Runs the thread at a lower CPU priority than the server's own (Linux keeps a priority per
   * thread), so that on a small server other users' requests come first while a large file is read.
   */
  background?: boolean;
}

export function serveTask<TInput, TResult, TBatch = never>(
  task: (input: TInput, context: TaskContext<TBatch>) => Promise<TResult> | TResult,
  options: TaskOptions = {},
): void {
  const port = parentPort;
  if (!port) throw new Error('serveTask runs only on a worker thread');
  if (options.background && process.platform === 'linux') os.setPriority(10);
  const post = (message: SandboxReply<TResult, TBatch>, transfer: ArrayBuffer[] = []) =>
    port.postMessage(message, transfer);
  let acknowledged: (() => void) | null = null;
  const received: unknown[] = [];
  let receiving: ((data: unknown) => void) | null = null;
  let transfer: ArrayBuffer[] = [];
  port.on('message', (command: SandboxCommand) => {
    if (command.type === 'ack') acknowledged?.();
    else if (receiving) receiving(command.data);
    else received.push(command.data);
  });
  const { input, bufferBytes } = workerData as SandboxRequest<TInput>;
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
}
