import { describe, expect, it } from 'vitest';
import { hiddenCells, hiddenGroups, hiddenInTable, workedOut } from './small-groups.js';

/**
 * Small-group suppression (decision 0052), checked by an attacker written apart from it: given the
 * shown figures and every total the reader may know, a search over whole, non-negative numbers for
 * any table that agrees with them but gives a hidden cell another value. A hidden cell the search
 * cannot move has been given away. The attacker knows nothing of how the cells were chosen.
 */

const threshold = 10;

/** sum(coefficient × unknown) = constant, over the unknowns' indices. */
interface Equation {
  terms: { unknown: number; coefficient: 1 | -1 }[];
  constant: number;
}

/**
 * Whether some whole, non-negative values of the unknowns, each at most `bound`, satisfy every
 * equation with `fixed` (unknown → value) as given: a depth-first search that fills in an unknown
 * an equation forces, stops a branch an equation can no longer meet, and tries values `near` the
 * true ones first.
 */
function solvable(
  count: number,
  equations: Equation[],
  bound: number,
  fixed: Map<number, number>,
  near: readonly number[],
): boolean {
  const values = new Array<number | null>(count).fill(null);
  for (const [unknown, value] of fixed) values[unknown] = value;
  let steps = 0;
  const consistent = (): boolean => {
    for (let changed = true; changed;) {
      changed = false;
      for (const { terms, constant } of equations) {
        let rest = constant;
        const open: Equation['terms'] = [];
        for (const term of terms) {
          const value = values[term.unknown];
          if (value === null || value === undefined) open.push(term);
          else rest -= term.coefficient * value;
        }
        if (open.length === 0) {
          if (rest !== 0) return false;
          continue;
        }
        const most = open.reduce((sum, term) => sum + (term.coefficient > 0 ? bound : 0), 0);
        const least = open.reduce((sum, term) => sum - (term.coefficient < 0 ? bound : 0), 0);
        if (rest > most || rest < least) return false;
        if (open.length === 1) {
          const value = rest * open[0]!.coefficient;
          if (value < 0 || value > bound) return false;
          values[open[0]!.unknown] = value;
          changed = true;
        }
      }
    }
    return true;
  };
  const search = (): boolean => {
    if ((steps += 1) > 2_000_000) throw new Error('The search went on too long');
    const saved = [...values];
    if (!consistent()) {
      values.splice(0, count, ...saved);
      return false;
    }
    const open = values.indexOf(null);
    if (open < 0) return true;
    // Nearest the true value first: a table that differs from the truth in few places is found soonest.
    const truth = near[open]!;
    for (let step = 0; step <= 2 * bound + 1; step++) {
      const value = truth + (step % 2 === 0 ? step / 2 : -(step + 1) / 2);
      if (value < 0 || value > bound) continue;
      values[open] = value;
      if (search()) return true;
    }
    values.splice(0, count, ...saved);
    return false;
  };
  return search();
}

/**
 * The hidden cells the reader can work out: those no other table agreeing with what is shown and
 * known gives another value. `relations` are the table's sums as cells: parts add up to total.
 */
function givenAway(
  sizes: readonly number[],
  hidden: readonly boolean[],
  relations: { total: number; parts: number[] }[],
): number[] {
  const unknownOf = new Map<number, number>();
  hidden.forEach((isHidden, cell) => isHidden && unknownOf.set(cell, unknownOf.size));
  const equations = relations.map(({ total, parts }) => {
    const terms: Equation['terms'] = [];
    let constant = 0;
    for (const [cell, coefficient] of [...parts.map((part) => [part, 1] as const), [total, -1] as const]) {
      const unknown = unknownOf.get(cell);
      if (unknown === undefined) constant -= coefficient * sizes[cell]!;
      else terms.push({ unknown, coefficient });
    }
    return { terms, constant };
  });
  const bound = Math.max(...sizes);
  return [...unknownOf].flatMap(([cell, unknown]) => {
    const truth = sizes[cell]!;
    const elsewhere = [
      truth - 1,
      truth + 1,
      ...Array.from({ length: bound + 1 }, (_, value) => value),
    ].filter((value) => value >= 0 && value <= bound && value !== truth);
    const truths = [...unknownOf.keys()].map((hiddenCell) => sizes[hiddenCell]!);
    const moves = elsewhere.some((value) =>
      solvable(unknownOf.size, equations, bound, new Map([[unknown, value]]), truths),
    );
    return moves ? [] : [cell];
  });
}

/** A grouping and its whole, as the attacker sees them: the groups, those in no group, the whole. */
function groupingRelations(count: number) {
  return [{ total: count + 1, parts: Array.from({ length: count + 1 }, (_, index) => index) }];
}

function attackGroups(sizes: number[], hidden: boolean[], outside = 0) {
  const whole = sizes.reduce((sum, size) => sum + size, 0) + outside;
  return givenAway([...sizes, outside, whole], [...hidden, false, false], groupingRelations(sizes.length));
}

/**
 * A rows × columns table as the attacker sees it: the cells (null: nobody, left out), each row's
 * total, each column's total and the grand total; the row totals may be hidden, the others are known.
 */
function attackTable(grid: (number | null)[][], result: { rows: boolean[]; cells: boolean[][] }) {
  const sizes: number[] = [];
  const hidden: boolean[] = [];
  const cell = (size: number, isHidden: boolean) => {
    hidden.push(isHidden);
    return sizes.push(size) - 1;
  };
  // An empty cell left out of the answer is a 0 the reader sees, unless it is hidden.
  const at = grid.map((row, r) => row.map((size, c) => cell(size ?? 0, result.cells[r]![c]!)));
  const rowTotal = grid.map((row, r) =>
    cell(
      row.reduce<number>((sum, size) => sum + (size ?? 0), 0),
      result.rows[r]!,
    ),
  );
  const relations = at.map((parts, r) => ({ total: rowTotal[r]!, parts }));
  for (let c = 0; c < grid[0]!.length; c++) {
    const parts = at.map((row) => row[c]!);
    relations.push({
      total: cell(
        parts.reduce((sum, part) => sum + sizes[part]!, 0),
        false,
      ),
      parts,
    });
  }
  relations.push({
    total: cell(
      rowTotal.reduce((sum, total) => sum + sizes[total]!, 0),
      false,
    ),
    parts: rowTotal,
  });
  return { given: givenAway(sizes, hidden, relations), sizes, hidden, relations };
}

/**
 * Every line of a table whose total is shown: its hidden parts are none, or two or more of 10 or
 * more people together, or two or more holding every person of the line (a line of fewer than 10
 * in all cannot hold 10), or every part.
 */
function linesAreSafe(attack: ReturnType<typeof attackTable>) {
  return attack.relations.every(({ total, parts }) => {
    if (attack.hidden[total]) return true;
    const hiddenParts = parts.filter((part) => attack.hidden[part]);
    const together = hiddenParts.reduce((sum, part) => sum + attack.sizes[part]!, 0);
    const everyPerson = parts.every((part) => attack.hidden[part] || attack.sizes[part] === 0);
    return (
      hiddenParts.length === 0 ||
      (hiddenParts.length >= 2 && (together >= threshold || everyPerson)) ||
      hiddenParts.length === parts.length
    );
  });
}

describe('the attacker', () => {
  it('works out a group shown as small when the whole and the other groups are shown (the probe’s subtraction)', () => {
    // Age bands of a hip list: under 50 hidden alone, as before secondary suppression.
    expect(attackGroups([6, 41, 88, 120, 37], [true, false, false, false, false])).toEqual([0]);
    expect(attackGroups([6, 41, 88, 120, 37], [true, true, false, false, false])).toEqual([]);
  });

  it('works out a cell from its row and column when each line holds two hidden cells but the pattern has a bridge', () => {
    const grid = [
      [6, 7, 5, 40, 50],
      [8, 9, 30, 35, 45],
      [25, 30, 4, 8, 60],
      [35, 20, 9, 7, 55],
    ];
    const primaryOnly = grid.map((row) => row.map((size) => size > 0 && size < threshold));
    const attack = attackTable(grid, { rows: grid.map(() => false), cells: primaryOnly });
    expect(linesAreSafe(attack)).toBe(true);
    // The cell 5 joins two closed loops of hidden cells: rows and columns together give it back.
    expect(attack.given.map((index) => attack.sizes[index])).toEqual([5]);
  });
});

describe('hiddenGroups: one grouping beside its whole', () => {
  it('hides nothing when every group has 10 or more', () => {
    expect(hiddenGroups([10, 250, 31], threshold)).toEqual([false, false, false]);
  });

  it('hides one small group and the next smallest, so the whole minus the rest gives neither', () => {
    const sizes = [6, 41, 88, 120, 37];
    const hidden = hiddenGroups(sizes, threshold);
    expect(hidden).toEqual([true, false, false, false, true]);
    expect(attackGroups(sizes, hidden)).toEqual([]);
  });

  it('hides one more when the small groups hidden together are still fewer than 10', () => {
    const sizes = [3, 4, 52, 60];
    const hidden = hiddenGroups(sizes, threshold);
    expect(hidden).toEqual([true, true, true, false]);
    expect(attackGroups(sizes, hidden)).toEqual([]);
  });

  it('needs nothing more when two small groups hidden together hold 10 or more', () => {
    expect(hiddenGroups([6, 5, 50, 70], threshold)).toEqual([true, true, false, false]);
  });

  it('shows a group of nobody, and never hides it to cover another', () => {
    expect(hiddenGroups([0, 30, 30], threshold)).toEqual([false, false, false]);
    const sizes = [0, 6, 30, 31];
    const hidden = hiddenGroups(sizes, threshold);
    expect(hidden).toEqual([false, true, true, false]);
    expect(attackGroups(sizes, hidden)).toEqual([]);
  });

  it('hides every group when all are small, as nothing else can cover them', () => {
    expect(hiddenGroups([3, 4, 2], threshold)).toEqual([true, true, true]);
    expect(hiddenGroups([8], threshold)).toEqual([true]);
  });

  it('hides one more group when those hidden had no complications between them, or all had one', () => {
    // Under 50 (6 patients, none with a complication) and 80 and over (12, none) hidden together
    // would still say that nobody under 50 had one: the whole's complications less the shown groups' is 0.
    const groups = [
      { size: 6, counts: [0] },
      { size: 41, counts: [4] },
      { size: 88, counts: [9] },
      { size: 120, counts: [15] },
      { size: 12, counts: [0] },
    ];
    expect(
      hiddenGroups(
        groups.map((group) => group.size),
        threshold,
      ),
    ).toEqual([true, false, false, false, true]);
    const hidden = hiddenGroups(groups, threshold);
    expect(hidden).toEqual([true, true, false, false, true]);
    const together = groups.filter((_, index) => hidden[index]);
    const events = together.reduce((sum, group) => sum + group.counts[0]!, 0);
    expect(events).toBeGreaterThan(0);
    expect(events).toBeLessThan(together.reduce((sum, group) => sum + group.size, 0));
    const all = [
      { size: 7, counts: [7] },
      { size: 10, counts: [10] },
      { size: 30, counts: [12] },
      { size: 90, counts: [20] },
    ];
    expect(hiddenGroups(all, threshold)).toEqual([true, true, true, false]);
    // When every group shares it (nobody had a complication), the whole already says so: nothing more to hide.
    expect(
      hiddenGroups(
        [6, 12, 40].map((size) => ({ size, counts: [0] })),
        threshold,
      ),
    ).toEqual([true, true, false]);
  });

  it('takes those in no group (an age not known) as known to the reader', () => {
    const sizes = [6, 40, 50];
    const hidden = hiddenGroups(sizes, threshold, 3);
    expect(hidden).toEqual([true, true, false]);
    expect(attackGroups(sizes, hidden, 3)).toEqual([]);
    expect(attackGroups(sizes, [true, false, false], 3)).toEqual([0]);
  });
});

describe('hiddenInTable: groups by priority, row totals shown, column and grand totals known', () => {
  it('hides a second cell in the row and in the column of a small cell (the equity probe: women at P1b)', () => {
    // Women and men by P1b, P2, P3, P4; women's P1b is 8.
    const grid = [
      [8, 412, 530, 438],
      [27, 380, 495, 402],
      [null, 14, 22, 11],
    ];
    const result = hiddenInTable(grid, threshold);
    expect(result.cells[0]![0]).toBe(true);
    expect(result.cells[0]!.filter(Boolean).length).toBeGreaterThanOrEqual(2);
    expect(result.cells.filter((row) => row[0]).length).toBeGreaterThanOrEqual(2);
    expect(result.rows).toEqual([false, false, false]);
    const attack = attackTable(grid, result);
    expect(attack.given).toEqual([]);
    expect(linesAreSafe(attack)).toBe(true);
  });

  it('protects small cells in both directions at once', () => {
    const grid = [
      [5, 30, 40],
      [20, 7, 50],
      [25, 35, 3],
    ];
    const result = hiddenInTable(grid, threshold);
    const attack = attackTable(grid, result);
    expect(attack.given).toEqual([]);
    expect(linesAreSafe(attack)).toBe(true);
  });

  it('hides another group’s total beside a small group’s, as the groups add up to the whole list', () => {
    // Women at P3 and P4, and three men at P4.
    const grid = [
      [20, 15],
      [null, 3],
    ];
    const result = hiddenInTable(grid, threshold);
    expect(result.rows).toEqual([true, true]);
    expect(result.cells).toEqual([
      [false, true],
      [false, true],
    ]);
    expect(attackTable(grid, result).given).toEqual([]);
    // Without the women's total hidden, the list's size less theirs gives the men's.
    expect(attackTable(grid, { ...result, rows: [false, true] }).given).not.toEqual([]);
  });

  it('hides an empty cell only when nothing else can keep a cell from being worked out', () => {
    // All six pathways at P1b are women's: the number at P1b, known from the worklist, would give it.
    const grid = [
      [6, 120, 80],
      [null, 90, 70],
    ];
    const result = hiddenInTable(grid, threshold);
    expect(result.cells[1]![0]).toBe(true);
    expect(attackTable(grid, result).given).toEqual([]);
    expect(
      hiddenInTable(
        [
          [6, 120, 80],
          [4, 90, 70],
        ],
        threshold,
      ).cells[1]![0],
    ).toBe(true);
    expect(
      hiddenInTable(
        [
          [12, 120, 80],
          [null, 90, 70],
        ],
        threshold,
      ).cells[1]![0],
    ).toBe(false);
  });

  it('leaves a group’s large cells shown when its total is hidden only to cover a small group', () => {
    const grid = [
      [30, 10],
      [null, 3],
      [200, 150],
    ];
    const result = hiddenInTable(grid, threshold);
    expect(result.rows).toEqual([true, true, false]);
    expect(result.cells[0]).toEqual([false, true]);
    const attack = attackTable(grid, result);
    expect(attack.given).toEqual([]);
    expect(linesAreSafe(attack)).toBe(true);
  });

  it('breaks a bridge between two loops of hidden cells that each line’s count alone would miss', () => {
    const grid = [
      [6, 7, 5, 40, 50],
      [8, 9, 30, 35, 45],
      [25, 30, 4, 8, 60],
      [35, 20, 9, 7, 55],
    ];
    const result = hiddenInTable(grid, threshold);
    const attack = attackTable(grid, result);
    expect(attack.given).toEqual([]);
    expect(linesAreSafe(attack)).toBe(true);
  });

  it('breaks a count the hidden cells of a row share as none, as for a group', () => {
    // Women by P1b, P2 and P4, with how many waited over 52 weeks: P1b 8 and P2 12 hidden would say none did.
    const grid = [
      [
        { size: 8, counts: [0] },
        { size: 12, counts: [0] },
        { size: 300, counts: [40] },
      ],
      [
        { size: 20, counts: [0] },
        { size: 15, counts: [1] },
        { size: 280, counts: [30] },
      ],
    ];
    const result = hiddenInTable(grid, threshold);
    for (const [r, row] of grid.entries()) {
      const hiddenRow = row.filter((_, c) => result.cells[r]![c]);
      if (hiddenRow.length === 0) continue;
      const over52 = hiddenRow.reduce((sum, cell) => sum + cell.counts[0]!, 0);
      expect(over52, `row ${r}`).toBeGreaterThan(0);
    }
    const sizes = grid.map((row) => row.map((cell) => cell.size));
    expect(attackTable(sizes, result).given).toEqual([]);
    // By the sizes alone, the women's hidden cells would be P1b and P2, and none over 52 weeks.
    expect(hiddenInTable(sizes, threshold).cells[0]).toEqual([true, true, false]);
  });

  it('hides every cell when every cell is small', () => {
    const grid = [
      [2, 3],
      [4, 1],
    ];
    expect(hiddenInTable(grid, threshold)).toEqual({
      rows: [true, true],
      cells: [
        [true, true],
        [true, true],
      ],
    });
  });

  it('hides nothing in a table with no small cell', () => {
    expect(
      hiddenInTable(
        [
          [12, null, 40],
          [30, 18, 10],
        ],
        threshold,
      ),
    ).toEqual({
      rows: [false, false],
      cells: [
        [false, false, false],
        [false, false, false],
      ],
    });
  });

  it('leaves nothing worked out in tables drawn at random, small cells among large ones', () => {
    // A fixed linear congruential sequence, so that a failure can be replayed.
    let seed = 20261206;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let table = 0; table < 200; table++) {
      const rows = 2 + Math.floor(random() * 3);
      const columns = 2 + Math.floor(random() * 3);
      // Now and then a group with nobody in it, as the equity tables pass every group.
      const grid = Array.from({ length: rows }, () => {
        const emptyRow = random() < 0.15;
        return Array.from({ length: columns }, () => {
          const draw = emptyRow ? 0 : random();
          return draw < 0.1
            ? null
            : draw < 0.45
              ? 1 + Math.floor(random() * 9)
              : 10 + Math.floor(random() * 25);
        });
      });
      const result = hiddenInTable(grid, threshold);
      const attack = attackTable(grid, result);
      expect(attack.given, JSON.stringify(grid)).toEqual([]);
      expect(linesAreSafe(attack), JSON.stringify(grid)).toBe(true);
    }
  });
});

describe('hiddenCells', () => {
  it('finds what elimination gives back, and nothing it does not', () => {
    // a + b = 10 (known), b + c = 12 (known): b alone hidden is given back, a and b together are not.
    const table = {
      sizes: [4, 6, 6, 10, 12],
      known: [false, false, false, true, true],
      sums: [
        { total: 3, parts: [0, 1] },
        { total: 4, parts: [1, 2] },
      ],
    };
    expect(workedOut(table, [false, true, false, false, false])).toEqual([1]);
    expect(workedOut(table, [true, true, false, false, false])).toEqual([0, 1]);
    expect(workedOut(table, [true, true, true, false, false])).toEqual([]);
  });

  it('never hides a known total, and refuses a table whose parts do not add up', () => {
    expect(
      hiddenCells({ sizes: [4, 4], known: [false, true], sums: [{ total: 1, parts: [0] }] }, threshold),
    ).toEqual([true, false]);
    expect(() => hiddenCells({ sizes: [4, 5], sums: [{ total: 1, parts: [0] }] }, threshold)).toThrow(
      'do not add up',
    );
    expect(() => hiddenCells({ sizes: [-1], sums: [] }, threshold)).toThrow('whole number');
    expect(() =>
      hiddenCells({ sizes: [4, 4], counts: [[5, 5]], sums: [{ total: 1, parts: [0] }] }, threshold),
    ).toThrow('no larger than its size');
    expect(() =>
      hiddenCells({ sizes: [4, 4], counts: [[1, 2]], sums: [{ total: 1, parts: [0] }] }, threshold),
    ).toThrow('do not add up');
  });
});
