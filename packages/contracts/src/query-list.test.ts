import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryList } from './query-list.js';

const fields = queryList(z.string().max(100), {
  maxItems: 3,
  minItems: { count: 1, message: 'Select at least one field' },
});
const roles = queryList(z.enum(['cu', 'cl', 'wa']), { maxItems: 20 }).optional();

describe('queryList: a list-valued query parameter', () => {
  it.each([
    ['comma-separated', 'nhsNumber,lastName', ['nhsNumber', 'lastName']],
    ['repeated (an array from the query parser)', ['nhsNumber', 'lastName'], ['nhsNumber', 'lastName']],
    ['both at once', ['nhsNumber,lastName', 'tciDate'], ['nhsNumber', 'lastName', 'tciDate']],
    ['one item', 'nhsNumber', ['nhsNumber']],
    ['with spaces and empty items', ' nhsNumber , ,lastName,', ['nhsNumber', 'lastName']],
  ])('reads the %s form as one list of trimmed items', (_form, value, expected) => {
    expect(fields.parse(value)).toEqual(expected);
  });

  it('keeps the order and any repeated key (the caller decides what a repeat means)', () => {
    expect(fields.parse(['lastName', 'nhsNumber,lastName'])).toEqual(['lastName', 'nhsNumber', 'lastName']);
  });

  it('refuses a list with no item, with the message given', () => {
    for (const value of ['', ',,', [' ', ''], undefined]) {
      const result = fields.safeParse(value);
      expect(result.success).toBe(false);
      if (value !== undefined) expect(result.error?.issues[0]?.message).toBe('Select at least one field');
    }
  });

  it('refuses more items than allowed, and items its item schema refuses', () => {
    expect(fields.safeParse('a,b,c,d').success).toBe(false);
    expect(fields.safeParse('x'.repeat(101)).success).toBe(false);
    expect(roles.safeParse('cu,boss').success).toBe(false);
    expect(roles.safeParse([1, 2]).success).toBe(false);
  });

  it('answers a refused item under the parameter itself, once, whichever form it came in', () => {
    const query = z.object({ roles });
    for (const value of ['cu,boss', ['cu', 'boss']]) {
      const issues = query.safeParse({ roles: value }).error?.issues ?? [];
      expect(issues.map((issue) => issue.path)).toEqual([['roles']]);
    }
  });

  it('is absent when optional and not given', () => {
    expect(roles.parse(undefined)).toBeUndefined();
    expect(roles.parse(['cu', 'wa,cl'])).toEqual(['cu', 'wa', 'cl']);
  });

  it('is documented as an array of its items, which the default query serialisation repeats', () => {
    expect(z.toJSONSchema(roles, { io: 'input', target: 'openapi-3.0' })).toMatchObject({
      type: 'array',
      items: { type: 'string', enum: ['cu', 'cl', 'wa'] },
      maxItems: 20,
    });
  });
});
