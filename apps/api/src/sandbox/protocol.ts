/** Messages between the server and a sandbox thread (sandbox.ts). */
export interface SandboxRequest<TInput> {
  input: TInput;
}

export type SandboxReply<TResult, TBatch> =
  | { type: 'stage'; stage: string }
  | { type: 'batch'; batch: TBatch }
  | { type: 'done'; result: TResult }
  /** An exception in the task: only its class name travels, as messages may quote file contents. */
  | { type: 'failed'; message: string };

export type SandboxCommand = { type: 'ack' };
