/** The thread side of sandbox.ts: runs one task on the request it was started with. */
import { parentPort, workerData } from 'node:worker_threads';
import type { SandboxCommand, SandboxReply, SandboxRequest } from './protocol.js';

export interface TaskContext<TBatch> {
  /** Says which part of the input is being read, so a crash can be blamed on the right file. */
  stage(stage: string): void;
  /** Hands a batch to the server and waits until the server is ready for another (backpressure). */
  emit(batch: TBatch): Promise<void>;
}

export function serveTask<TInput, TResult, TBatch = never>(
  task: (input: TInput, context: TaskContext<TBatch>) => Promise<TResult> | TResult,
): void {
  const port = parentPort;
  if (!port) throw new Error('serveTask runs only on a worker thread');
  const post = (message: SandboxReply<TResult, TBatch>) => port.postMessage(message);
  let acknowledged: (() => void) | null = null;
  port.on('message', (command: SandboxCommand) => {
    if (command.type === 'ack') acknowledged?.();
  });
  const context: TaskContext<TBatch> = {
    stage: (stage) => post({ type: 'stage', stage }),
    emit: (batch) =>
      new Promise<void>((resolve) => {
        acknowledged = resolve;
        post({ type: 'batch', batch });
      }),
  };
  const { input } = workerData as SandboxRequest<TInput>;
  Promise.resolve()
    .then(() => task(input, context))
    .then(
      (result) => post({ type: 'done', result }),
      (error: unknown) => post({ type: 'failed', message: error instanceof Error ? error.name : 'Error' }),
    )
    .finally(() => port.close());
}
