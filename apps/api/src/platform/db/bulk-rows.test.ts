import { describe, expect, it } from 'vitest';
import { arrayLiteral, rowsAsArrays } from './bulk-rows.js';

describe('rows as arrays', () => {
  it('quotes text, escapes quotes and backslashes, and writes NULL for missing values', () => {
    expect(arrayLiteral(['a', 'say "hi"', 'C:\\path', '', null, undefined])).toBe(
      '{"a","say \\"hi\\"","C:\\\\path","",NULL,NULL}',
    );
    expect(arrayLiteral([1.5, -0, 1e-7, true, false])).toBe('{1.5,0,1e-7,true,false}');
    expect(arrayLiteral(['{0.1,-0.2}', '["height"]'])).toBe('{"{0.1,-0.2}","[\\"height\\"]"}');
  });

  it('names each column once, in order, with its parameter and type', () => {
    const { source, params } = rowsAsArrays(
      [
        { id: 'x', n: 1, note: null },
        { id: 'y', n: 2, note: 'b' },
      ],
      [
        ['id', 'uuid'],
        ['n', 'integer'],
        ['note', 'text'],
      ],
      3,
    );
    expect(source).toBe('unnest($3::uuid[], $4::integer[], $5::text[]) as v("id", "n", "note")');
    expect(params).toEqual(['{"x","y"}', '{1,2}', '{NULL,"b"}']);
  });
});
