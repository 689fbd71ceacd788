/** Messages between the server and a sandbox thread (sandbox.ts). */
export interface SandboxRequest<TInput> {
  input: TInput;
  /** What the task may hold in buffers outside its heap (`TaskContext.bufferBytes`). */
  bufferBytes: number;
}

export type SandboxReply<TResult, TBatch> =
  | { type: 'stage'; stage: string }
  | { type: 'batch'; batch: TBatch }
  | { type: 'done'; result: TResult }
  /** An exception in the task: only its class name travels, as messages may quote file contents. */
  | { type: 'failed'; message: string; outOfMemory?: boolean };

export type SandboxCommand =
  /** The task's request, for a thread started ahead of it (`keepThreadReady`). */
  | { type: 'start'; request: SandboxRequest<unknown> }
  | { type: 'ack' }
  /** What the task waits for part-way through (`TaskContext.receive`), once the server has it. */
  | { type: 'input'; data: unknown };

/** A resident sandbox's command: read one piece (resident-sandbox.ts). */
export interface ResidentCommand {
  type: 'run';
  id: number;
  input: unknown;
}

export type ResidentReply<TResult> =
  /** The thread has loaded its code: a piece's time budget counts from when it is sent after this. */
  | { type: 'ready' }
  | { type: 'done'; id: number; result: TResult }
  /** Only the exception's class name travels, as its message may quote the piece read. */
  | { type: 'failed'; id: number; message: string; outOfMemory?: boolean };
