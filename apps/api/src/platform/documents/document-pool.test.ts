import { setTimeout as sleep } from 'node:timers/promises';
import type { Readable } from 'node:stream';
import { threadId } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { DocumentFailed, DocumentPool, DocumentsBusy, documentKind } from './document-pool.js';
import type { LinesInput } from './test-documents/lines.document.js';

const lines = documentKind('lines', new URL('./test-documents/lines.document.js', import.meta.url));
const pools: DocumentPool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

function poolOf(options: Partial<ConstructorParameters<typeof DocumentPool>[0]> = {}) {
  const pool = new DocumentPool({ threads: 1, queueLimit: 10, idleMs: 60_000, heapMb: 128, ...options });
  pools.push(pool);
  return pool;
}

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function* pagesOf(rows: unknown[], size: number) {
  for (let start = 0; start < rows.length; start += size) yield rows.slice(start, start + size);
}

const input = (behaviour: LinesInput['behaviour'], title = 'Knee waiting list'): LinesInput => ({
  behaviour,
  title,
});

describe('DocumentPool', () => {
  it('makes a document on another thread than the server’s', async () => {
    const [thread] = (await text(poolOf().render(lines, input('thread')))).split('\n');
    expect(Number(thread)).toBeGreaterThan(0);
    expect(Number(thread)).not.toBe(threadId);
  });

  it('hands the document its rows page by page, in order, and sends every byte back', async () => {
    const rows = Array.from({ length: 5000 }, (_, index) => [index, 'Siobhán Ní Bhriain', '2026-12-14']);
    const document = await text(poolOf().render(lines, input('lines'), pagesOf(rows, 500)));
    const written = document.split('\n');
    expect(written[0]).toBe('Knee waiting list');
    expect(written.slice(1, -1)).toEqual(rows.map((row) => JSON.stringify(row)));
  });

  it('keeps answering other work while a document takes the processor', async () => {
    const pool = poolOf();
    // The thread is started (and its code loaded) before the busy document is timed.
    await text(pool.render(lines, input('lines')));
    const making = text(pool.render(lines, { ...input('busy'), busyMs: 600 }));
    const started = performance.now();
    await sleep(20);
    expect(performance.now() - started).toBeLessThan(300);
    await making;
  });

  it('fails the download with the error’s class only, never its message', async () => {
    const failure = await text(poolOf().render(lines, input('fail'))).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DocumentFailed);
    expect((failure as DocumentFailed).reason).toBe('TypeError');
    expect(String((failure as Error).message)).not.toContain('Ann Smith');
  });

  it('queues documents past its threads and refuses one past the queue at once', async () => {
    const pool = poolOf({ threads: 1, queueLimit: 1 });
    const first = text(pool.render(lines, { ...input('busy', 'first'), busyMs: 300 }));
    const second = text(pool.render(lines, input('lines', 'second')));
    expect(pool.load).toEqual({ rendering: 1, waiting: 1, threads: 1 });
    expect(() => pool.render(lines, input('lines', 'third'))).toThrow(DocumentsBusy);
    expect(await first).toBe('first\n');
    expect(await second).toBe('second\n');
  });

  it('stops a thread left idle, and starts one again when a document is asked for', async () => {
    const pool = poolOf({ idleMs: 50 });
    await text(pool.render(lines, input('lines')));
    await expect.poll(() => pool.load.threads, { timeout: 5_000 }).toBe(0);
    expect(await text(pool.render(lines, input('lines', 'again')))).toBe('again\n');
  });

  it('stops the thread of a download that is closed part-way, and goes on with the next', async () => {
    const pool = poolOf();
    const endless = pool.render(lines, input('endless'));
    for await (const _chunk of endless) break;
    await expect.poll(() => pool.load.threads, { timeout: 5_000 }).toBe(0);
    expect(await text(pool.render(lines, input('lines', 'next')))).toBe('next\n');
  });
});

describe('DocumentPool, downloads given up', () => {
  it('goes on after downloads closed while they wait or as their first bytes arrive', async () => {
    const pool = poolOf({ threads: 1, queueLimit: 10 });
    const busy = text(pool.render(lines, { ...input('busy', 'first'), busyMs: 300 }));
    // Closed while waiting for the thread: it never starts.
    pool.render(lines, input('lines', 'gone while waiting')).destroy();
    // Closed once it has started, before its bytes arrive: the thread must not wait for ever.
    const early = pool.render(lines, { ...input('busy', 'gone early'), busyMs: 100 });
    early.on('error', () => undefined);
    setTimeout(() => early.destroy(), 350);
    expect(await busy).toBe('first\n');
    expect(await text(pool.render(lines, input('lines', 'after')))).toBe('after\n');
    expect(pool.load.waiting).toBe(0);
  });
});
