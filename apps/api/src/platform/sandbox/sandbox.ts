/**
 * Untrusted files (model pickles, waiting-list and blood-test extracts) are decoded on a worker
 * thread with its own heap, stack and wall-clock limits, so that a decoder bug nobody knows of yet
 * costs that thread and a 4xx, never the server and every other trust's users (decision 0022).
 */
import { Worker } from 'node:worker_threads';
import type { SandboxCommand, SandboxRequest, SandboxReply } from './protocol.js';

/**
 * A task run on sandbox threads: its name, and the compiled module (`*.worker.js`, beside the code
 * that defines the task) that serves it with `serveTask`. The module that owns the files owns the
 * task; the sandbox knows none of them.
 */
export interface SandboxTask {
  name: string;
  script: URL;
}

export const sandboxTask = (name: string, script: URL): SandboxTask => ({ name, script });

export interface SandboxLimits {
  /** V8 old-generation heap of the thread; past it the thread dies, not the process. */
  heapMb: number;
  /**
   * What the task may hold in buffers outside that heap (text it keeps for later, not its input);
   * past it the task fails as if out of memory. The heap's size again when not given.
   */
  bufferMb?: number;
  stackMb: number;
  timeoutMs: number;
}

export type SandboxFailureReason = 'out-of-memory' | 'timeout' | 'crashed';

export class SandboxFailure extends Error {
  constructor(
    readonly reason: SandboxFailureReason,
    /** The last progress mark the task reported before it failed (which file it was reading). */
    readonly stage: string | null,
    message: string,
  ) {
    super(message);
    this.name = 'SandboxFailure';
  }
}

/**
 * One piece of work per lane at a time (a model upload's check; an import's two files, read at once
 * on two threads): the lanes' heap limits then bound the server's memory, and uploads queue behind
 * each other.
 */
class Lane {
  #busy = false;
  readonly #waiting: (() => void)[] = [];

  get free(): boolean {
    return !this.#busy;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#busy) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#busy = true;
    try {
      return await work();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else {
        this.#busy = false;
        setImmediate(replaceReadyThreads);
      }
    }
  }
}

const lanes = { 'model-files': new Lane(), 'import-files': new Lane() };

/** Whether work in the lane would start at once. */
export const sandboxLaneFree = (lane: keyof typeof lanes) => lanes[lane].free;

/** Runs `work` (which starts sandbox threads) when its lane is free; others wait their turn. */
export function inSandboxLane<T>(lane: keyof typeof lanes, work: () => Promise<T>): Promise<T> {
  return lanes[lane].run(work);
}

/**
 * Threads started ahead of their task, one for each task and limits asked for: a thread spends
 * about 0.2 s of processor time loading its code, which would otherwise come before the first row
 * of an upload is read. A ready thread holds its code and no input, runs one task, and does not keep
 * the process alive while it waits.
 */
const readyThreads = new Map<string, Worker>();
const readyKey = (task: SandboxTask, limits: SandboxLimits) => JSON.stringify({ task: task.name, limits });

/** Keeps a thread of this task and limits started and waiting; another is started once it is taken. */
export function keepThreadReady(task: SandboxTask, limits: SandboxLimits): void {
  const key = readyKey(task, limits);
  if (readyThreads.has(key)) return;
  const worker = startSandboxThread(task, undefined, limits);
  const drop = () => {
    if (readyThreads.get(key) === worker) readyThreads.delete(key);
  };
  worker.on('error', drop);
  worker.on('exit', drop);
  worker.unref();
  readyThreads.set(key, worker);
  keptReady.set(key, { task, limits });
}
const keptReady = new Map<string, { task: SandboxTask; limits: SandboxLimits }>();

/** Whether a thread of this task and limits is started and waiting. */
export const threadReady = (task: SandboxTask, limits: SandboxLimits) =>
  readyThreads.has(readyKey(task, limits));

/** A thread for the task: the ready one, given its request, or a new one started with it. */
function threadFor(
  task: SandboxTask,
  request: SandboxRequest<unknown>,
  limits: SandboxLimits,
  transferList: ArrayBuffer[] = [],
): Worker {
  const key = readyKey(task, limits);
  const ready = readyThreads.get(key);
  if (!ready) return startSandboxThread(task, request, limits, transferList);
  readyThreads.delete(key);
  ready.ref();
  ready.postMessage({ type: 'start', request } satisfies SandboxCommand, transferList);
  return ready;
}

/**
 * Starts the ready threads taken, once no work runs in any lane: loading their code would otherwise
 * take processor time from the threads still reading an upload.
 */
function replaceReadyThreads(): void {
  if (Object.values(lanes).some((lane) => !lane.free)) return;
  for (const [key, { task, limits }] of keptReady) {
    if (readyThreads.has(key)) continue;
    keepThreadReady(task, limits);
  }
}

/** A thread of the task with the limits' heap and stack (a resident sandbox starts its own with this). */
export function startSandboxThread(
  task: SandboxTask,
  workerData: unknown,
  limits: SandboxLimits,
  transferList: ArrayBuffer[] = [],
): Worker {
  const resourceLimits = {
    maxOldGenerationSizeMb: limits.heapMb,
    maxYoungGenerationSizeMb: Math.max(16, Math.round(limits.heapMb / 8)),
    stackSizeMb: limits.stackMb,
  };
  if (!import.meta.url.endsWith('.ts')) {
    return new Worker(task.script, {
      workerData,
      resourceLimits,
      transferList,
    });
  }
  // Tests run the TypeScript sources: the thread registers tsx and resolves workspace packages to
  // their sources, as vitest does for the main thread.
  const source = task.script.href.replace(/\.js$/, '.ts');
  return new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`,
    { eval: true, workerData, resourceLimits, transferList, execArgv: ['--conditions=source'] },
  );
}

export interface SandboxRun<TBatch> {
  /**
   * Called for each batch the task emits, in order; the task reads on while one batch is handled
   * but is never more than one batch ahead.
   */
  onBatch?: (batch: TBatch) => Promise<void>;
  /** Transferred, not copied, to the thread (the caller must not use them afterwards). */
  transfer?: ArrayBuffer[];
  /**
   * What the task waits for part-way through (`TaskContext.receive`), sent to it once it resolves
   * (its buffers handed over). If it rejects, the thread is stopped and the run fails with its error.
   */
  later?: Promise<{ data: unknown; transfer?: ArrayBuffer[] }>;
  /** Stops the thread when aborted; the run fails with the signal's reason. */
  signal?: AbortSignal;
}

/** How a thread failed: out of its memory, or otherwise (`crashed`, with what it said). */
function threadFailure(
  outOfMemory: boolean | undefined,
  stage: string | null,
  limits: SandboxLimits,
  message: string,
): SandboxFailure {
  return outOfMemory
    ? new SandboxFailure('out-of-memory', stage, `needed more than ${limits.heapMb} MB of memory`)
    : new SandboxFailure('crashed', stage, message);
}

/** Runs one task on a thread of its own; the caller takes its lane (`inSandboxLane`). */
export function runSandboxed<TInput, TResult, TBatch = never>(
  task: SandboxTask,
  input: TInput,
  limits: SandboxLimits,
  run: SandboxRun<TBatch> = {},
): Promise<TResult> {
  if (run.signal?.aborted) return Promise.reject(run.signal.reason as Error);
  return new Promise<TResult>((resolve, reject) => {
    let settled = false;
    let stage: string | null = null;
    let handled: Promise<void> = Promise.resolve();
    let answered = false;
    const worker = threadFor(
      task,
      {
        input,
        bufferBytes: (limits.bufferMb ?? limits.heapMb) * 1024 * 1024,
      } satisfies SandboxRequest<TInput>,
      limits,
      run.transfer,
    );
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void worker.terminate();
    };
    run.signal?.addEventListener('abort', () => finish(() => reject(run.signal!.reason as Error)), {
      once: true,
    });
    run.later?.then(
      ({ data, transfer }) => {
        if (!settled) worker.postMessage({ type: 'input', data }, transfer ?? []);
      },
      (error: unknown) => finish(() => reject(error)),
    );
    const timer = setTimeout(
      () =>
        finish(() =>
          reject(
            new SandboxFailure('timeout', stage, `took longer than ${Math.round(limits.timeoutMs / 1000)} s`),
          ),
        ),
      limits.timeoutMs,
    );
    worker.on('message', (message: SandboxReply<TResult, TBatch>) => {
      switch (message.type) {
        case 'stage':
          stage = message.stage;
          break;
        case 'batch': {
          // Batches are handled in order, and the thread reads on while the one before is
          // handled: it is told to go on once the previous batch is done, so it is never more
          // than one batch ahead.
          const batch = message.batch;
          const previous = handled;
          handled = previous.then(() => run.onBatch?.(batch));
          handled.catch((error: unknown) => finish(() => reject(error)));
          previous.then(
            () => {
              if (!settled) worker.postMessage({ type: 'ack' });
            },
            () => undefined,
          );
          break;
        }
        case 'done': {
          const result = message.result;
          // The thread ends now; its exit is no failure while the last batches are handled.
          answered = true;
          handled.then(
            () => finish(() => resolve(result)),
            () => undefined,
          );
          break;
        }
        case 'failed':
          finish(() => reject(threadFailure(message.outOfMemory, stage, limits, message.message)));
          break;
      }
    });
    worker.on('error', (error: Error & { code?: string }) => {
      const outOfMemory = error.code === 'ERR_WORKER_OUT_OF_MEMORY' || /out of memory/i.test(error.message);
      finish(() => reject(threadFailure(outOfMemory, stage, limits, 'stopped unexpectedly')));
    });
    worker.on('exit', (code) => {
      if (answered) return;
      finish(() => reject(new SandboxFailure('crashed', stage, `stopped unexpectedly (exit code ${code})`)));
    });
  });
}
