/**
 * Ids for the pathways and evaluations the server creates: UUID version 7 (RFC 9562 §5.7), whose
 * first 48 bits are the Unix time in milliseconds. Ids made one after another sort one after
 * another, so a confirm that creates 100,000 pathways and their evaluations adds each one at the
 * end of the primary-key and pathway indexes instead of at a random page of them (decision 0033).
 *
 * Within one millisecond the 12 bits after the version are a counter (RFC 9562 §6.2, method 1),
 * started at a random value in the lower half of its range; should it run out, or the clock go
 * back, the time is carried forward from the last id, so that ids from this process always rise.
 * The remaining 62 bits are random.
 */
import crypto from 'node:crypto';

const poolIds = 256;
const pool = Buffer.alloc(16 * poolIds);
let poolNext = poolIds;

let lastMs = -1;
let counter = 0;

/** A new time-ordered id; `now` is for tests. */
export function timeOrderedUuid(now: number = Date.now()): string {
  if (poolNext === poolIds) {
    crypto.randomFillSync(pool);
    poolNext = 0;
  }
  const offset = 16 * poolNext++;
  const id = pool.subarray(offset, offset + 16);
  if (now > lastMs) {
    lastMs = now;
    counter = id.readUInt16BE(6) & 0x7ff;
  } else if (++counter > 0xfff) {
    lastMs += 1;
    counter = id.readUInt16BE(6) & 0x7ff;
  }
  id.writeUIntBE(lastMs, 0, 6);
  id.writeUInt16BE(0x7000 | counter, 6);
  id[8] = 0x80 | (id[8]! & 0x3f);
  const hex = id.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
