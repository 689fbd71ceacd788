/**
 * Documents (PDFs and workbooks) are rendered on a small pool of threads, never on the thread that
 * answers every request: with 20 people downloading risk-summary PDFs, the server's health check
 * took 1.2 s when they were rendered on it (decision 0041). Each document waits in a queue for a
 * free thread, so that it counts against its own time, not everyone's; past the queue's limit the
 * request is refused as busy before anything is sent. Threads left idle stop, and their memory
 * (fonts, pdfkit's caches) goes with them.
 */
import os from 'node:os';
import { PassThrough, type Readable } from 'node:stream';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import { HttpError } from '../errors.js';
import type { DocumentCommand, DocumentReply, RenderRequest } from './protocol.js';

/** A kind of document: the compiled module (`*.document.js`) whose `render` export makes it. */
export interface DocumentKind {
  name: string;
  script: URL;
}

export const documentKind = (name: string, script: URL): DocumentKind => ({ name, script });

export interface DocumentPoolOptions {
  /** Threads rendering at once. */
  threads: number;
  /** Documents that may wait for a thread; past it `render` throws `DocumentsBusy`. */
  queueLimit: number;
  /** How long a thread with nothing to do is kept before it stops. */
  idleMs: number;
  /** V8 old-generation heap of each thread. */
  heapMb: number;
}

export const defaultDocumentPoolOptions = (): DocumentPoolOptions => ({
  // As many as the cores, up to 4: each runs at a lower priority than the requests (decision 0041).
  threads: Math.max(1, Math.min(4, os.availableParallelism())),
  queueLimit: 200,
  idleMs: 60_000,
  heapMb: 512,
});

/** Too many documents are waiting already: the request is answered 503, before anything is sent. */
export class DocumentsBusy extends HttpError {
  constructor() {
    super(503, 'The service is busy making other documents. Try again in a minute.');
    this.name = 'DocumentsBusy';
  }
}

/** A document's thread failed; only the error's class name is known (decision 0041). */
export class DocumentFailed extends Error {
  constructor(readonly reason: string) {
    super(`The document could not be made (${reason})`);
    this.name = 'DocumentFailed';
  }
}

interface Job {
  request: RenderRequest;
  pages: AsyncIterator<unknown[]> | null;
  output: PassThrough;
}

interface Thread {
  worker: Worker;
  job: Job | null;
  idleTimer: NodeJS.Timeout | null;
}

function startThread(heapMb: number): Worker {
  const resourceLimits = {
    maxOldGenerationSizeMb: heapMb,
    maxYoungGenerationSizeMb: Math.max(16, Math.round(heapMb / 8)),
  };
  const script = new URL('./document-thread.js', import.meta.url);
  if (!import.meta.url.endsWith('.ts')) return new Worker(script, { resourceLimits });
  // Tests run the TypeScript sources: the thread registers tsx and resolves workspace packages to
  // their sources, as vitest does for the main thread.
  const source = script.href.replace(/\.js$/, '.ts');
  return new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`,
    { eval: true, resourceLimits, execArgv: ['--conditions=source'] },
  );
}

/** The module to import on the thread: its TypeScript source when the server runs from sources. */
function scriptOf(kind: DocumentKind): string {
  return import.meta.url.endsWith('.ts') ? kind.script.href.replace(/\.js$/, '.ts') : kind.script.href;
}

export class DocumentPool {
  readonly #threads: Thread[] = [];
  readonly #queue: Job[] = [];
  #closed = false;

  constructor(readonly options: DocumentPoolOptions) {}

  /** Documents rendering and waiting, for the operations log and the tests. */
  get load(): { rendering: number; waiting: number; threads: number } {
    return {
      rendering: this.#threads.filter((thread) => thread.job).length,
      waiting: this.#queue.length,
      threads: this.#threads.length,
    };
  }

  /**
   * The document as a stream of bytes. `pages`, when given, are the rows the document reads, page by
   * page, as plain values (they are copied to the thread). Throws DocumentsBusy at once when the
   * queue is full; a failure later destroys the stream with DocumentFailed.
   */
  render<TInput>(kind: DocumentKind, input: TInput, pages?: AsyncIterable<unknown[]>): Readable {
    if (this.#closed) throw new Error('The document pool is closed');
    const idle = this.#threads.find((thread) => !thread.job);
    const canStart = idle !== undefined || this.#threads.length < this.options.threads;
    if (!canStart && this.#queue.length >= this.options.queueLimit) throw new DocumentsBusy();
    const job: Job = {
      request: { type: 'render', script: scriptOf(kind), input, paged: pages !== undefined },
      pages: pages ? pages[Symbol.asyncIterator]() : null,
      output: new PassThrough({ highWaterMark: 256 * 1024 }),
    };
    if (idle) this.#run(idle, job);
    else if (canStart) this.#run(this.#newThread(), job);
    else {
      this.#queue.push(job);
      // A download given up while it waits leaves the queue.
      job.output.once('close', () => {
        const index = this.#queue.indexOf(job);
        if (index >= 0) this.#queue.splice(index, 1);
      });
    }
    return job.output;
  }

  /** Stops every thread; documents still being made fail. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const job of this.#queue.splice(0)) job.output.destroy(new DocumentFailed('closed'));
    await Promise.all(this.#threads.splice(0).map((thread) => thread.worker.terminate()));
  }

  #newThread(): Thread {
    const thread: Thread = { worker: startThread(this.options.heapMb), job: null, idleTimer: null };
    thread.worker.unref();
    thread.worker.on('message', (message) => {
      if (message === 'free') this.#finished(thread);
    });
    const lost = () => {
      this.#remove(thread);
      thread.job?.output.destroy(new DocumentFailed('thread stopped'));
      thread.job = null;
      this.#startWaiting();
    };
    thread.worker.on('error', lost);
    thread.worker.on('exit', lost);
    this.#threads.push(thread);
    return thread;
  }

  #run(thread: Thread, job: Job): void {
    // Given up before it started: the thread takes the next one.
    if (job.output.destroyed) return this.#finished(thread);
    if (thread.idleTimer) clearTimeout(thread.idleTimer);
    thread.idleTimer = null;
    thread.job = job;
    const { port1, port2 } = new MessageChannel();
    const send = (command: DocumentCommand) => port1.postMessage(command);
    let done = false;
    // A download closed part-way: the thread is stopped (a document cannot be cut short cleanly).
    const abandon = () => {
      if (!done && thread.job === job) void thread.worker.terminate();
    };
    job.output.once('close', abandon);
    port1.on('message', (reply: DocumentReply) => {
      switch (reply.type) {
        case 'chunk':
          // Never left unanswered: the thread would wait for its acknowledgement for ever.
          if (job.output.destroyed) return abandon();
          if (job.output.write(Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.length)))
            send({ type: 'ack' });
          else job.output.once('drain', () => send({ type: 'ack' }));
          return;
        case 'next-page':
          void this.#nextPage(job).then(send, (error: unknown) => {
            job.output.destroy(error instanceof Error ? error : new Error(String(error)));
            void thread.worker.terminate();
          });
          return;
        case 'done':
          done = true;
          port1.close();
          job.output.end();
          return;
        case 'failed':
          done = true;
          port1.close();
          job.output.destroy(new DocumentFailed(reply.name));
      }
    });
    thread.worker.postMessage({ request: job.request, jobPort: port2 }, [port2 as MessagePort]);
  }

  async #nextPage(job: Job): Promise<DocumentCommand> {
    const next = await job.pages!.next();
    return next.done ? { type: 'end-of-pages' } : { type: 'page', rows: next.value };
  }

  #finished(thread: Thread): void {
    if (!this.#threads.includes(thread)) return;
    thread.job = null;
    const waiting = this.#queue.shift();
    if (waiting) return this.#run(thread, waiting);
    thread.idleTimer = setTimeout(() => {
      this.#remove(thread);
      void thread.worker.terminate();
    }, this.options.idleMs);
    thread.idleTimer.unref();
  }

  #remove(thread: Thread): void {
    if (thread.idleTimer) clearTimeout(thread.idleTimer);
    const index = this.#threads.indexOf(thread);
    if (index >= 0) this.#threads.splice(index, 1);
  }

  #startWaiting(): void {
    if (this.#closed) return;
    while (this.#queue.length > 0 && this.#threads.length < this.options.threads)
      this.#run(this.#newThread(), this.#queue.shift()!);
  }
}

let shared: DocumentPool | undefined;
let configured: Partial<DocumentPoolOptions> = {};

/** Sets the process's pool's options (`DOCUMENT_THREADS`), before its first document. */
export function configureDocumentPool(options: Partial<DocumentPoolOptions>): void {
  configured = options;
}

/** The process's pool, made when the first document is asked for. */
export function documentPool(): DocumentPool {
  shared ??= new DocumentPool({ ...defaultDocumentPoolOptions(), ...configured });
  return shared;
}

/** Stops the process's pool (the server is closing). */
export async function closeDocumentPool(): Promise<void> {
  const pool = shared;
  shared = undefined;
  await pool?.close();
}
