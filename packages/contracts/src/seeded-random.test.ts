import { describe, expect, it } from 'vitest';
import { mulberry32 } from './seeded-random.js';

describe('mulberry32', () => {
  it('gives the sequence the seeded demonstration data, test lists and folds were made with', () => {
    const random = mulberry32(20260301);
    const drawn = Array.from({ length: 3 }, () => random() * 2 ** 32);
    expect(drawn).toEqual([2500740487, 3303624906, 4182864080]);
  });
});
