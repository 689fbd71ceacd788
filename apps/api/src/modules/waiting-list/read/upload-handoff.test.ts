import crypto from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReceivedUpload } from './import-reading.js';
import { UploadHandoff } from './upload-handoff.js';

const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');
const upload = (batchId: string, text: string): ReceivedUpload => ({
  batchId,
  procedure: 'knee',
  defaultedFields: [],
  waitingList: { fileName: 'ptl.csv', bytes: Buffer.from(`NHS Number,Surname\r\n${text}`) },
  bloodTest: { fileName: 'pathology.csv', bytes: Buffer.from(`NHS Number,Test Name,Result\r\n${text}`) },
});
const checksums = (received: ReceivedUpload) => ({
  waitingListSha256: sha256(received.waitingList.bytes),
  bloodTestSha256: sha256(received.bloodTest.bytes),
});
const size = (received: ReceivedUpload) =>
  received.waitingList.bytes.length + received.bloodTest.bytes.length;

/** Readings as the handoff sees them: started for an upload, and stopped or not. */
function readings() {
  const started: { batchId: string; abandoned: boolean; abandon(): void }[] = [];
  const start = (received: ReceivedUpload) => {
    const reading = {
      batchId: received.batchId,
      abandoned: false,
      abandon() {
        reading.abandoned = true;
      },
    };
    started.push(reading);
    return reading;
  };
  return { started, start };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the upload handoff', () => {
  it('starts reading an upload and hands the reading to its validation once, then holds nothing', () => {
    const { started, start } = readings();
    const handoff = new UploadHandoff(start);
    const first = upload('batch-1', '9434765919,Smith');
    expect(handoff.keep(first, checksums(first))).toBe(true);
    expect(started.map((reading) => reading.batchId)).toEqual(['batch-1']);
    expect(handoff.heldBytes).toBe(size(first));
    expect(handoff.take('batch-1', checksums(first))).toBe(started[0]);
    expect(handoff.take('batch-1', checksums(first))).toBeNull();
    expect(handoff.heldBytes).toBe(0);
    expect(started[0]!.abandoned).toBe(false);
  });

  it('does not read ahead an upload that would pass its size limit', () => {
    const { started, start } = readings();
    const first = upload('batch-1', 'a'.repeat(100));
    const handoff = new UploadHandoff(start, { maxBytes: size(first) + 10, maxAgeMs: 60_000 });
    expect(handoff.keep(first, checksums(first))).toBe(true);
    const second = upload('batch-2', 'b'.repeat(100));
    expect(handoff.keep(second, checksums(second))).toBe(false);
    expect(started).toHaveLength(1);
    expect(handoff.take('batch-2', checksums(second))).toBeNull();
  });

  it('holds nothing when the reading could not start at once', () => {
    const handoff = new UploadHandoff(() => null);
    const first = upload('batch-1', '9434765919,Smith');
    expect(handoff.keep(first, checksums(first))).toBe(false);
    expect(handoff.heldBytes).toBe(0);
    expect(handoff.take('batch-1', checksums(first))).toBeNull();
  });

  it('stops a reading not taken in time', () => {
    vi.useFakeTimers();
    const { started, start } = readings();
    const handoff = new UploadHandoff(start, { maxBytes: 1_000_000, maxAgeMs: 60_000 });
    const first = upload('batch-1', '9434765919,Smith');
    handoff.keep(first, checksums(first));
    vi.advanceTimersByTime(59_999);
    expect(started[0]!.abandoned).toBe(false);
    vi.advanceTimersByTime(2);
    expect(started[0]!.abandoned).toBe(true);
    expect(handoff.take('batch-1', checksums(first))).toBeNull();
    expect(handoff.heldBytes).toBe(0);
  });

  it('stops the reading of an upload let go (not stored, or cancelled before its job ran)', () => {
    const { started, start } = readings();
    const handoff = new UploadHandoff(start);
    const first = upload('batch-1', '9434765919,Smith');
    handoff.keep(first, checksums(first));
    handoff.letGo('batch-1');
    expect(started[0]!.abandoned).toBe(true);
    expect(handoff.heldBytes).toBe(0);
  });

  it('gives nothing, and stops the reading, when the batch row names other files', () => {
    const { started, start } = readings();
    const handoff = new UploadHandoff(start);
    const first = upload('batch-1', '9434765919,Smith');
    handoff.keep(first, checksums(first));
    expect(
      handoff.take('batch-1', { ...checksums(first), bloodTestSha256: sha256(Buffer.from('other')) }),
    ).toBeNull();
    expect(started[0]!.abandoned).toBe(true);
    expect(handoff.heldBytes).toBe(0);
  });
});
