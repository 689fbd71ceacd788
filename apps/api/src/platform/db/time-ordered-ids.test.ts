import { describe, expect, it } from 'vitest';
import { timeOrderedUuid } from './time-ordered-ids.js';

/** The time an id carries, in milliseconds since 1970: its first 48 bits. */
const timeOfUuid = (id: string) => Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16);

const uuidVersion7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('time-ordered ids (UUID version 7)', () => {
  it('are version 7 of the RFC 9562 variant, and carry the time they were made', () => {
    const before = Date.now();
    const id = timeOrderedUuid();
    const after = Date.now();
    expect(id).toMatch(uuidVersion7);
    expect(timeOfUuid(id)).toBeGreaterThanOrEqual(before);
    expect(timeOfUuid(id)).toBeLessThanOrEqual(after);
    expect(timeOfUuid(timeOrderedUuid(Date.UTC(2040, 0, 1)))).toBe(Date.UTC(2040, 0, 1));
  });

  it('sort in the order they were made, many within one millisecond, and never repeat', () => {
    const ids = Array.from({ length: 50_000 }, () => timeOrderedUuid());
    expect(ids.every((id) => uuidVersion7.test(id))).toBe(true);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keep rising when one millisecond runs out of its counter or the clock goes back', () => {
    const at = Date.UTC(2041, 5, 1);
    const ids = Array.from({ length: 10_000 }, () => timeOrderedUuid(at));
    ids.push(timeOrderedUuid(at - 60_000));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    // 4,096 counter values at most per millisecond, started in the lower half: 10,000 ids take
    // the time a few milliseconds forward, never back.
    expect(timeOfUuid(ids.at(-1)!)).toBeGreaterThan(at + 1);
    expect(timeOfUuid(ids.at(-1)!)).toBeLessThan(at + 10);
  });

  it('are random beyond the time and counter', () => {
    const at = Date.UTC(2042, 0, 1);
    const tails = new Set(Array.from({ length: 1_000 }, () => timeOrderedUuid(at).slice(19)));
    expect(tails.size).toBe(1_000);
  });
});
