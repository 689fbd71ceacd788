import { describe, expect, it } from 'vitest';
import { riskBands, waitBands, type Matrix } from '@esr/contracts/prioritisation';
import { cellDescription, matrixCount, needsAttention } from './matrix';

const cells: Matrix['cells'] = riskBands.flatMap((risk, r) =>
  waitBands.map((wait, w) => ({ risk, wait, count: r * 10 + w })),
);

describe('the risk × wait matrix (decision 0044)', () => {
  it('counts a cell, a row, a column and the whole', () => {
    expect(matrixCount({ cells }, 'high', '0-18')).toBe(0);
    expect(matrixCount({ cells }, 'medium', '52-65')).toBe(12);
    expect(matrixCount({ cells }, 'low')).toBe(20 * 6 + 15);
    // Every row counts in a column's total, those without a band too (decision 0057).
    expect(matrixCount({ cells }, undefined, '104+')).toBe(5 + 15 + 25 + 35 + 45 + 55 + 65);
    expect(matrixCount({ cells }, 'excluded')).toBe(40 * 6 + 15);
    expect(matrixCount({ cells })).toBe(cells.reduce((sum, cell) => sum + cell.count, 0));
  });

  it('tints high risk waiting over 52 weeks only', () => {
    expect(waitBands.filter((wait) => needsAttention('high', wait))).toEqual([
      '52-65',
      '65-78',
      '78-104',
      '104+',
    ]);
    expect(riskBands.flatMap((risk) => waitBands.filter((wait) => needsAttention(risk, wait)))).toHaveLength(
      4,
    );
  });

  it('names a count’s pathways for a link read out of the table', () => {
    expect(cellDescription('high', '52-65')).toBe('high risk, waiting 52 to 65 weeks');
    expect(cellDescription('not_processed', '0-18')).toBe('not processed, waiting within 18 weeks');
    expect(cellDescription('incomplete', '18-52')).toBe('incomplete, waiting 18 to 52 weeks');
    expect(cellDescription('excluded')).toBe('not scored (outside the model’s population)');
    expect(cellDescription('medium')).toBe('moderate risk');
    expect(cellDescription(undefined, '104+')).toBe('waiting over 104 weeks');
    expect(cellDescription()).toBe('all risks and waits');
  });
});
