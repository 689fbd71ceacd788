/**
 * A document thread: renders one document at a time for the pool (document-pool.ts), with the
 * module that makes that kind of document, at a lower priority than the server's own thread so
 * that every other request is answered first.
 */
import os from 'node:os';
import { parentPort, type MessagePort } from 'node:worker_threads';
import type { Readable } from 'node:stream';
import type { DocumentCommand, DocumentReply, RenderRequest } from './protocol.js';

/** What a `*.document.ts` module exports: its document as a stream of bytes. */
export type RenderDocument<TInput> = (input: TInput, pages: AsyncIterable<unknown[]>) => Readable;

/** Chunks are sent on once they reach this size: a report's pdfkit writes many small ones. */
const chunkBytes = 64 * 1024;

const port = parentPort;
if (!port) throw new Error('document-thread runs only on a worker thread');
if (process.platform === 'linux') os.setPriority(10);

const renderers = new Map<string, Promise<RenderDocument<unknown>>>();
const rendererOf = (script: string) => {
  let renderer = renderers.get(script);
  if (!renderer) {
    renderer = import(script).then((module: { render: RenderDocument<unknown> }) => module.render);
    renderers.set(script, renderer);
  }
  return renderer;
};

/**
 * The server's commands on the job's port, by kind: the rows ask for pages while the bytes wait for
 * their acknowledgement, so each waits for its own kind of answer.
 */
function commands(jobPort: MessagePort) {
  const acks: (() => void)[] = [];
  const pages: ((rows: unknown[] | null) => void)[] = [];
  jobPort.on('message', (command: DocumentCommand) => {
    if (command.type === 'ack') acks.shift()?.();
    else pages.shift()?.(command.type === 'page' ? command.rows : null);
  });
  return {
    ack: () => new Promise<void>((resolve) => acks.push(resolve)),
    page: () => new Promise<unknown[] | null>((resolve) => pages.push(resolve)),
  };
}

async function* pagesFrom(
  jobPort: MessagePort,
  page: () => Promise<unknown[] | null>,
  paged: boolean,
): AsyncGenerator<unknown[]> {
  if (!paged) return;
  for (;;) {
    const next = page();
    jobPort.postMessage({ type: 'next-page' } satisfies DocumentReply);
    const rows = await next;
    if (rows === null) return;
    yield rows;
  }
}

async function renderOne(request: RenderRequest, jobPort: MessagePort): Promise<void> {
  const server = commands(jobPort);
  const post = (reply: DocumentReply, transfer: ArrayBuffer[] = []) => jobPort.postMessage(reply, transfer);
  try {
    const render = await rendererOf(request.script);
    let held: Buffer[] = [];
    let heldBytes = 0;
    const send = async () => {
      const bytes = new Uint8Array(Buffer.concat(held, heldBytes));
      held = [];
      heldBytes = 0;
      const acknowledged = server.ack();
      post({ type: 'chunk', bytes }, [bytes.buffer as ArrayBuffer]);
      await acknowledged;
    };
    for await (const chunk of render(request.input, pagesFrom(jobPort, server.page, request.paged))) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      held.push(buffer);
      heldBytes += buffer.length;
      if (heldBytes >= chunkBytes) await send();
    }
    if (heldBytes > 0) await send();
    post({ type: 'done' });
  } catch (error) {
    post({ type: 'failed', name: error instanceof Error ? error.name : 'Error' });
  } finally {
    jobPort.close();
  }
}

port.on('message', ({ request, jobPort }: { request: RenderRequest; jobPort: MessagePort }) => {
  void renderOne(request, jobPort).then(() => port.postMessage('free'));
});
