import { describe, expect, it } from 'vitest';
import { maintenanceDue, type TableActivity } from './pglite-autovacuum.js';

const table = (activity: Partial<TableActivity>): TableActivity => ({
  table: 'public.t',
  estimatedRows: 1000,
  deadRows: 0,
  modifiedSinceAnalyze: 0,
  insertedSinceVacuum: 0,
  ...activity,
});

describe('embedded autovacuum thresholds (PostgreSQL defaults)', () => {
  it('leaves a table alone until its changes pass the thresholds', () => {
    expect(maintenanceDue(table({}))).toBeUndefined();
    expect(maintenanceDue(table({ estimatedRows: -1 }))).toBeUndefined();
    // analyse: 50 + 10 % of 1,000 rows
    expect(maintenanceDue(table({ modifiedSinceAnalyze: 150 }))).toBeUndefined();
    expect(maintenanceDue(table({ modifiedSinceAnalyze: 151 }))).toBe('analyze');
  });
  it('vacuums (and analyses) after dead rows or inserts pass theirs', () => {
    // dead rows: 50 + 20 %; inserts: 1,000 + 20 %
    expect(maintenanceDue(table({ deadRows: 250, modifiedSinceAnalyze: 250 }))).toBe('analyze');
    expect(maintenanceDue(table({ deadRows: 251 }))).toBe('vacuum');
    expect(maintenanceDue(table({ insertedSinceVacuum: 1200, modifiedSinceAnalyze: 1200 }))).toBe('analyze');
    expect(maintenanceDue(table({ insertedSinceVacuum: 1201 }))).toBe('vacuum');
  });
  it('counts a never-analysed table as empty: its first thousand inserts make it due', () => {
    expect(maintenanceDue(table({ estimatedRows: -1, modifiedSinceAnalyze: 51 }))).toBe('analyze');
    expect(maintenanceDue(table({ estimatedRows: -1, insertedSinceVacuum: 1001 }))).toBe('vacuum');
  });
});
