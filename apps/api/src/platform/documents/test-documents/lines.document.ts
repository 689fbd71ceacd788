/** Documents for document-pool.test.ts: plain text made on a document thread. */
import { Readable } from 'node:stream';
import { threadId } from 'node:worker_threads';

export interface LinesInput {
  /** What the document does besides writing its lines. */
  behaviour: 'lines' | 'fail' | 'busy' | 'endless' | 'thread';
  title: string;
  busyMs?: number;
}

export function render(input: LinesInput, pages: AsyncIterable<unknown[]>): Readable {
  async function* lines() {
    if (input.behaviour === 'fail') throw new TypeError(`a patient's name, Ann Smith, must never travel`);
    if (input.behaviour === 'thread') yield `${threadId}\n`;
    if (input.behaviour === 'busy') {
      const until = Date.now() + (input.busyMs ?? 300);
      while (Date.now() < until);
    }
    if (input.behaviour === 'endless') for (;;) yield 'x'.repeat(64 * 1024);
    yield `${input.title}\n`;
    for await (const rows of pages) for (const row of rows) yield `${JSON.stringify(row)}\n`;
  }
  return Readable.from(lines());
}
