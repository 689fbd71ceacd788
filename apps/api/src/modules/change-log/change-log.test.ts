import { describe, expect, it } from 'vitest';
import { diffFields } from './change-log.js';

describe('change log field differences', () => {
  it('keeps only changed fields with before and after', () => {
    expect(diffFields({ a: 1, b: 'x', c: [1] }, { a: 1, b: 'y', c: [1, 2] })).toEqual({
      b: { before: 'x', after: 'y' },
      c: { before: [1], after: [1, 2] },
    });
  });
  it('records creation and removal of fields', () => {
    expect(diffFields(null, { status: 1 })).toEqual({ status: { before: null, after: 1 } });
    expect(diffFields({ status: 1 }, {})).toEqual({ status: { before: 1, after: null } });
  });
});
