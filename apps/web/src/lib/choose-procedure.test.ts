import { describe, expect, it } from 'vitest';
import { chooseProcedureSchema, selectProcedureMessage } from './choose-procedure';

describe('choosing the type of operation (docs/requirements.md §2)', () => {
  it('needs one of the procedure types', () => {
    const result = chooseProcedureSchema.safeParse({ procedure: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(selectProcedureMessage);
    expect(chooseProcedureSchema.parse({ procedure: 'knee-hip' })).toEqual({ procedure: 'knee-hip' });
  });
});
