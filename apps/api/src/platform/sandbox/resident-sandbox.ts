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

const outOfMemory = (limits: SandboxLimits) =>
  new SandboxFailure('out-of-memory', null, `needed more than ${limits.heapMb} MB of memory`);

/** What the thread tells of itself: that it has loaded its code, a piece's reply, that it is lost. */
interface ThreadEvents {
  ready(): void;
  reply(reply: Exclude<ResidentReply<unknown>, { type: 'ready' }>): void;
  /** The thread stopped (an error, or an exit): the piece it held fails so. */
  lost(failure: SandboxFailure): void;
}

function startResidentThread(task: SandboxTask, limits: SandboxLimits, events: ThreadEvents): Worker {
  const started = startSandboxThread(task, undefined, limits);
  started.on('message', (reply: ResidentReply<unknown>) =>
    reply.type === 'ready' ? events.ready() : events.reply(reply),
  );
  started.on('error', (error: Error & { code?: string }) =>
    events.lost(
      error.code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? outOfMemory(limits)
        : new SandboxFailure('crashed', null, 'stopped unexpectedly'),
    ),
  );
  started.on('exit', (code) =>
    events.lost(new SandboxFailure('crashed', null, `stopped unexpectedly (exit code ${code})`)),
  );
  // An idle thread does not keep the process alive.
  started.unref();
  return started;
}

/** Ends a thread no longer wanted, whatever it is doing; what it still says is not heard. */
async function stopThread(worker: Worker): Promise<void> {
  worker.removeAllListeners();
  worker.on('error', () => undefined);
  await worker.terminate();
}

/** The pieces, one at a time, on the thread of the moment; a lost thread is replaced for the next piece. */
class ResidentThreadQueue<TInput, TResult> implements ResidentSandbox<TInput, TResult> {
  readonly #task: SandboxTask;
  readonly #options: ResidentSandboxOptions;
  readonly #waiting: Pending[] = [];
  #current: Pending | null = null;
  #thread: Worker | null = null;
  /** Whether the thread has loaded its code (a new thread's start is not a piece's time). */
  #ready = false;
  #timer: NodeJS.Timeout | null = null;
  #nextId = 1;
  #closed = false;

  constructor(task: SandboxTask, options: ResidentSandboxOptions) {
    this.#task = task;
    this.#options = options;
  }

  run(input: TInput): Promise<TResult> {
    if (this.#closed) return Promise.reject(new ResidentSandboxBusy());
    if (this.#waiting.length >= this.#options.maxWaiting) return Promise.reject(new ResidentSandboxBusy());
    return new Promise<TResult>((resolve, reject) => {
      this.#waiting.push({
        id: this.#nextId++,
        input,
        resolve: resolve as (result: unknown) => void,
        reject,
      });
      this.#pump();
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const pending of this.#waiting.splice(0)) pending.reject(new ResidentSandboxBusy());
    const stopping = this.#thread;
    this.#thread = null;
    if (this.#current) this.#settle((pending) => pending.reject(new ResidentSandboxBusy()));
    if (stopping) await stopThread(stopping);
  }

  #settle(outcome: (pending: Pending) => void): void {
    const pending = this.#current;
    this.#current = null;
    this.#startTimer(null);
    if (pending) outcome(pending);
    setImmediate(() => this.#pump());
  }

  /** The thread is lost with the piece it held: the next piece gets a new one. */
  #discardThread(failure: SandboxFailure): void {
    const lost = this.#thread;
    this.#thread = null;
    if (lost) void stopThread(lost);
    this.#settle((pending) => pending.reject(failure));
  }

  #threadFor(): Worker {
    if (this.#thread) return this.#thread;
    this.#ready = false;
    const started = startResidentThread(this.#task, this.#options, {
      ready: () => {
        this.#ready = true;
        if (this.#current) this.#send(started, this.#current);
      },
      reply: (reply) => {
        if (!this.#current || reply.id !== this.#current.id) return;
        if (reply.type === 'done') this.#settle((pending) => pending.resolve(reply.result));
        else {
          const failure = reply.outOfMemory
            ? outOfMemory(this.#options)
            : new SandboxFailure('crashed', null, reply.message);
          this.#settle((pending) => pending.reject(failure));
        }
      },
      lost: (failure) => this.#discardThread(failure),
    });
    this.#thread = started;
    return started;
  }

  #pump(): void {
    if (this.#current || this.#closed) return;
    const next = this.#waiting.shift();
    if (!next) {
      this.#thread?.unref();
      return;
    }
    this.#current = next;
    const worker = this.#threadFor();
    worker.ref();
    if (this.#ready) this.#send(worker, next);
    // A thread that never loads its code is lost as one that overruns.
    else this.#startTimer(new SandboxFailure('crashed', null, 'did not start'), startTimeoutMs);
  }

  #send(worker: Worker, pending: Pending): void {
    const timeout = this.#options.timeoutMs;
    this.#startTimer(
      new SandboxFailure('timeout', null, `took longer than ${timeout.toLocaleString('en-GB')} ms`),
      timeout,
    );
    worker.postMessage({ type: 'run', id: pending.id, input: pending.input } satisfies ResidentCommand);
  }

  /** Loses the thread with `failure` after `ms`, in place of any earlier timer; null only clears it. */
  #startTimer(failure: SandboxFailure | null, ms = 0): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = failure ? setTimeout(() => this.#discardThread(failure), ms) : null;
  }
}

export function residentSandbox<TInput, TResult>(
  task: SandboxTask,
  options: ResidentSandboxOptions,
): ResidentSandbox<TInput, TResult> {
  return new ResidentThreadQueue<TInput, TResult>(task, options);
}
