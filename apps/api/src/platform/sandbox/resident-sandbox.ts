/**
 * A sandbox thread that stays: many small pieces of untrusted text (the integration clients'
 * messages) read one after another on one thread with its own heap and stack, each within a time
 * budget. A piece that overruns its budget, exhausts the thread's memory or crashes it costs that
 * thread (stopped, and started again for the next piece) and its own refusal, never the server's
 * main thread, which keeps answering every other request. Starting a thread for each message, as
 * the file imports do for each file, would cost a tenth of a second of processor time a message.
 */
import type { Worker } from 'node:worker_threads';
import { SandboxFailure, startSandboxThread, type SandboxLimits, type SandboxTask } from './sandbox.js';
import type { ResidentCommand, ResidentReply } from './protocol.js';

export interface ResidentSandboxOptions extends SandboxLimits {
  /** Pieces waiting beyond this are refused at once (ResidentSandboxBusy) rather than queued without bound. */
  maxWaiting: number;
}

/** The thread has more work waiting than it may queue. */
export class ResidentSandboxBusy extends Error {
  constructor() {
    super('Too many messages are waiting to be read');
    this.name = 'ResidentSandboxBusy';
  }
}

interface Pending {
  id: number;
  input: unknown;
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
}

export interface ResidentSandbox<TInput, TResult> {
  run(input: TInput): Promise<TResult>;
  /** Stops the thread; pieces still waiting are refused. */
  close(): Promise<void>;
}

/** How long a new thread may take to load its code. */
const startTimeoutMs = 60_000;

export function residentSandbox<TInput, TResult>(
  task: SandboxTask,
  options: ResidentSandboxOptions,
): ResidentSandbox<TInput, TResult> {
  const waiting: Pending[] = [];
  let current: Pending | null = null;
  let thread: Worker | null = null;
  /** Whether the thread has loaded its code (a new thread's start is not a piece's time). */
  let ready = false;
  let timer: NodeJS.Timeout | null = null;
  let nextId = 1;
  let closed = false;

  const settle = (outcome: (pending: Pending) => void) => {
    const pending = current;
    current = null;
    if (timer) clearTimeout(timer);
    timer = null;
    if (pending) outcome(pending);
    setImmediate(pump);
  };

  /** The thread is lost with the piece it held: the next piece gets a new one. */
  const discardThread = (failure: SandboxFailure) => {
    const lost = thread;
    thread = null;
    if (lost) {
      lost.removeAllListeners();
      lost.on('error', () => undefined);
      void lost.terminate();
    }
    settle((pending) => pending.reject(failure));
  };

  const threadFor = (): Worker => {
    if (thread) return thread;
    const started = startSandboxThread(task, undefined, options);
    ready = false;
    started.on('message', (reply: ResidentReply<unknown>) => {
      if (reply.type === 'ready') {
        ready = true;
        if (current) send(started, current);
        return;
      }
      if (!current || reply.id !== current.id) return;
      if (reply.type === 'done') settle((pending) => pending.resolve(reply.result));
      else
        settle((pending) =>
          pending.reject(
            reply.outOfMemory
              ? new SandboxFailure('out-of-memory', null, `needed more than ${options.heapMb} MB of memory`)
              : new SandboxFailure('crashed', null, reply.message),
          ),
        );
    });
    started.on('error', (error: Error & { code?: string }) =>
      discardThread(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new SandboxFailure('out-of-memory', null, `needed more than ${options.heapMb} MB of memory`)
          : new SandboxFailure('crashed', null, 'stopped unexpectedly'),
      ),
    );
    started.on('exit', (code) =>
      discardThread(new SandboxFailure('crashed', null, `stopped unexpectedly (exit code ${code})`)),
    );
    // An idle thread does not keep the process alive.
    started.unref();
    thread = started;
    return started;
  };

  function pump(): void {
    if (current || closed) return;
    const next = waiting.shift();
    if (!next) {
      thread?.unref();
      return;
    }
    current = next;
    const worker = threadFor();
    worker.ref();
    if (ready) send(worker, next);
    else
      // A thread that never loads its code is lost as one that overruns.
      timer = setTimeout(
        () => discardThread(new SandboxFailure('crashed', null, 'did not start')),
        startTimeoutMs,
      );
  }

  function send(worker: Worker, pending: Pending): void {
    if (timer) clearTimeout(timer);
    timer = setTimeout(
      () =>
        discardThread(
          new SandboxFailure(
            'timeout',
            null,
            `took longer than ${options.timeoutMs.toLocaleString('en-GB')} ms`,
          ),
        ),
      options.timeoutMs,
    );
    worker.postMessage({ type: 'run', id: pending.id, input: pending.input } satisfies ResidentCommand);
  }

  return {
    run(input: TInput): Promise<TResult> {
      if (closed) return Promise.reject(new ResidentSandboxBusy());
      if (waiting.length >= options.maxWaiting) return Promise.reject(new ResidentSandboxBusy());
      return new Promise<TResult>((resolve, reject) => {
        waiting.push({ id: nextId++, input, resolve: resolve as (result: unknown) => void, reject });
        pump();
      });
    },
    async close() {
      closed = true;
      for (const pending of waiting.splice(0)) pending.reject(new ResidentSandboxBusy());
      const stopping = thread;
      thread = null;
      if (current) settle((pending) => pending.reject(new ResidentSandboxBusy()));
      if (stopping) {
        stopping.removeAllListeners();
        stopping.on('error', () => undefined);
        await stopping.terminate();
      }
    },
  };
}
