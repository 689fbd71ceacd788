import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { UploadHandoff } from './upload-handoff.js';

const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');
const files = (text: string) => ({
  waitingList: Buffer.from(`NHS Number,Surname\r\n${text}`),
  bloodTest: Buffer.from(`NHS Number,Test Name,Result\r\n${text}`),
});
const checksums = (handed: ReturnType<typeof files>) => ({
  waitingListSha256: sha256(handed.waitingList),
  bloodTestSha256: sha256(handed.bloodTest),
});

describe('the upload handoff', () => {
  it('hands an upload’s files to its validation once, then holds nothing', () => {
    const handoff = new UploadHandoff();
    const upload = files('9434765919,Smith');
    expect(handoff.keep('batch-1', upload, checksums(upload))).toBe(true);
    expect(handoff.heldBytes).toBe(upload.waitingList.length + upload.bloodTest.length);
    expect(handoff.take('batch-1', checksums(upload))).toBe(upload);
    expect(handoff.take('batch-1', checksums(upload))).toBeNull();
    expect(handoff.heldBytes).toBe(0);
  });

  it('does not keep an upload that would pass its size limit', () => {
    const first = files('a'.repeat(100));
    const handoff = new UploadHandoff({
      maxBytes: first.waitingList.length + first.bloodTest.length + 10,
      maxAgeMs: 60_000,
    });
    expect(handoff.keep('batch-1', first, checksums(first))).toBe(true);
    expect(handoff.keep('batch-2', files('b'.repeat(100)), checksums(files('b'.repeat(100))))).toBe(false);
    expect(handoff.take('batch-2', checksums(files('b'.repeat(100))))).toBeNull();
  });

  it('lets go of files not taken in time', () => {
    let now = 1_000;
    const handoff = new UploadHandoff({ maxBytes: 1_000_000, maxAgeMs: 60_000 }, () => now);
    const upload = files('9434765919,Smith');
    handoff.keep('batch-1', upload, checksums(upload));
    now += 60_001;
    expect(handoff.take('batch-1', checksums(upload))).toBeNull();
    expect(handoff.heldBytes).toBe(0);
  });

  it('gives nothing when the batch row names other files', () => {
    const handoff = new UploadHandoff();
    const upload = files('9434765919,Smith');
    handoff.keep('batch-1', upload, checksums(upload));
    expect(
      handoff.take('batch-1', { ...checksums(upload), bloodTestSha256: sha256(Buffer.from('other')) }),
    ).toBeNull();
    expect(handoff.heldBytes).toBe(0);
  });
});
