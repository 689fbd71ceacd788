/**
 * Whole numbers below 2^53 (NHS numbers, say) mapped to a number of zero or more, in flat arrays: a
 * Map of 100,000 string keys cost more than the rest of a row's checks, a hashed lookup of a new
 * string that misses the processor's caches for every row.
 */
export class NumberIndex {
  #keys = new Float64Array(1024);
  #values = new Int32Array(1024).fill(-1);
  #size = 0;

  get size(): number {
    return this.#size;
  }

  /** The value kept for `key`, or -1. */
  get(key: number): number {
    const mask = this.#values.length - 1;
    for (let slot = NumberIndex.#slot(key) & mask; ; slot = (slot + 1) & mask) {
      const value = this.#values[slot]!;
      if (value < 0 || this.#keys[slot] === key) return value;
    }
  }

  /** The value kept for `key`; or, the first time, -1, and `value` (zero or more) is kept for it. */
  putIfAbsent(key: number, value: number): number {
    if ((this.#size + 1) * 2 > this.#values.length) this.#grow();
    const mask = this.#values.length - 1;
    for (let slot = NumberIndex.#slot(key) & mask; ; slot = (slot + 1) & mask) {
      const kept = this.#values[slot]!;
      if (kept < 0) {
        this.#keys[slot] = key;
        this.#values[slot] = value;
        this.#size++;
        return -1;
      }
      if (this.#keys[slot] === key) return kept;
    }
  }

  static #slot(key: number): number {
    return Math.imul((key >>> 0) ^ ((key / 4294967296) >>> 0), 0x9e3779b1) >>> 0;
  }

  #grow(): void {
    const keys = this.#keys;
    const values = this.#values;
    this.#keys = new Float64Array(keys.length * 2);
    this.#values = new Int32Array(values.length * 2).fill(-1);
    this.#size = 0;
    for (let slot = 0; slot < values.length; slot++) {
      if (values[slot]! >= 0) this.putIfAbsent(keys[slot]!, values[slot]!);
    }
  }
}
