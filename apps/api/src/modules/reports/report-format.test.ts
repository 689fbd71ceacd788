import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { roomIn } from './report-format.js';

describe('roomIn', () => {
  it('waits for a full stream to drain, and leaves no listener behind however often it waits', async () => {
    const stream = new PassThrough({ highWaterMark: 16 });
    const before = { error: stream.listenerCount('error'), close: stream.listenerCount('close') };
    for (let wait = 0; wait < 20; wait++) {
      stream.write(Buffer.alloc(64));
      expect(stream.writableNeedDrain).toBe(true);
      const waiting = roomIn(stream);
      stream.read();
      await waiting;
    }
    expect(stream.listenerCount('error')).toBe(before.error);
    expect(stream.listenerCount('close')).toBe(before.close);
    expect(stream.listenerCount('drain')).toBe(0);
  });

  it('refuses to go on once the stream is closed while it waits', async () => {
    const stream = new PassThrough({ highWaterMark: 16 });
    stream.write(Buffer.alloc(64));
    const waiting = roomIn(stream);
    stream.destroy();
    await expect(waiting).rejects.toThrow('The report download was closed');
  });
});
