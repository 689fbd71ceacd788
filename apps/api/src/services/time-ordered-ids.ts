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

const hex = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** A new time-ordered id; `now` is for tests. */
export function timeOrderedUuid(now: number = Date.now()): string {
  if (poolNext === poolIds) {
    crypto.randomFillSync(pool);
    poolNext = 0;
  }
  const offset = 16 * poolNext++;
  if (now > lastMs) {
    lastMs = now;
    counter = pool.readUInt16BE(offset + 6) & 0x7ff;
  } else if (++counter > 0xfff) {
    lastMs += 1;
    counter = pool.readUInt16BE(offset + 6) & 0x7ff;
  }
  const bytes = [
    Math.floor(lastMs / 2 ** 40) & 0xff,
    Math.floor(lastMs / 2 ** 32) & 0xff,
    (lastMs >>> 24) & 0xff,
    (lastMs >>> 16) & 0xff,
    (lastMs >>> 8) & 0xff,
    lastMs & 0xff,
    0x70 | (counter >>> 8),
    counter & 0xff,
    0x80 | (pool[offset + 8]! & 0x3f),
    ...pool.subarray(offset + 9, offset + 16),
  ].map((byte) => hex[byte]!);
  return `${bytes.slice(0, 4).join('')}-${bytes.slice(4, 6).join('')}-${bytes.slice(6, 8).join('')}-${bytes.slice(8, 10).join('')}-${bytes.slice(10).join('')}`;
}

/** The time an id made by `timeOrderedUuid` carries, in milliseconds since 1970. */
export function timeOfUuid(id: string): number {
  return Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
}
