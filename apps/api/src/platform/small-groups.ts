/**
 * Which figures of a table of counts to hide so that no group of fewer than `threshold` people can
 * be seen or worked out (docs/prioritisation.md "Equity", docs/model-monitoring.md "By group",
 * decision 0052). One rule for every answer, page and export that shows counts of patients by group.
 *
 * - **Primary**: a cell of 1 to threshold − 1 people is hidden. A cell of nobody is shown: there is
 *   no one in it to identify, and hiding it would force a real group beside it to be hidden too.
 * - **Secondary**: a reader who knows a total and the other parts can subtract, so more cells are
 *   hidden, the smallest first, until for every sum whose total is shown or known the hidden parts
 *   are none, or at least two holding `threshold` or more people together (or all its people, when
 *   it has fewer); and until no hidden cell can be worked out exactly by combining the table's
 *   sums, which is checked by exact elimination (a cell is hidden in vain if rows and columns
 *   together give it back). A cell of nobody is hidden only where no cell of people is left to hide
 *   beside a cell that would otherwise be worked out.
 *
 * The same cells are hidden for every figure counted over the same people (events, expected,
 * waits over 18 weeks), since those add up along the same sums; a hidden cell hides all of them.
 * Where the hidden parts of a total had, between them, none of a count (no complication) or all of
 * it, each one's count would be known, so one more part is hidden where one can change that.
 */

/** An additive relation of a table: the cells `parts` add up to the cell `total` (indices of sizes). */
export interface TableSum {
  readonly total: number;
  readonly parts: readonly number[];
}

export interface SuppressionTable {
  /** Each cell's number of people (whole, not negative). */
  readonly sizes: readonly number[];
  /**
   * Counts of some of each cell's people that the answer shows beside its size (those who had a
   * complication), each adding up along the same sums: per count, one value for every cell.
   */
  readonly counts?: readonly (readonly number[])[];
  /** Cells the reader knows whatever this answer hides (a total shown elsewhere): never hidden. */
  readonly known?: readonly boolean[];
  readonly sums: readonly TableSum[];
}

function checkTable({ sizes, counts = [], known, sums }: SuppressionTable) {
  for (const size of sizes)
    if (!Number.isSafeInteger(size) || size < 0) throw new Error('A cell’s size must be a whole number');
  if (known && known.length !== sizes.length) throw new Error('known must give every cell');
  for (const count of counts)
    if (
      count.length !== sizes.length ||
      count.some((value, cell) => !Number.isSafeInteger(value) || value < 0 || value > sizes[cell]!)
    )
      throw new Error('A count must give every cell a whole number no larger than its size');
  for (const { total, parts } of sums) {
    const cells = [total, ...parts];
    if (cells.some((cell) => !Number.isInteger(cell) || cell < 0 || cell >= sizes.length))
      throw new Error('A sum names a cell the table does not have');
    for (const values of [sizes, ...counts])
      if (parts.reduce((sum, part) => sum + values[part]!, 0) !== values[total])
        throw new Error('A sum’s parts do not add up to its total');
  }
}

const gcd = (a: number, b: number): number => {
  let [x, y] = [Math.abs(a), Math.abs(b)];
  while (y) [x, y] = [y, x % y];
  return x;
};

/**
 * The hidden cells that the shown figures give back exactly. Each sum is an equation over the
 * hidden cells (the shown ones are constants); reduced to row echelon form in whole numbers, a
 * cell is worked out exactly when its pivot row has no other unknown left in it.
 */
export function workedOut(table: SuppressionTable, hidden: readonly boolean[]): number[] {
  const unknowns = hidden.flatMap((isHidden, cell) => (isHidden ? [cell] : []));
  const column = new Map(unknowns.map((cell, index) => [cell, index]));
  const rows: number[][] = [];
  for (const { total, parts } of table.sums) {
    const row = new Array<number>(unknowns.length).fill(0);
    for (const part of parts) {
      const at = column.get(part);
      if (at !== undefined) row[at]! += 1;
    }
    const at = column.get(total);
    if (at !== undefined) row[at]! -= 1;
    if (row.some((value) => value !== 0)) rows.push(row);
  }
  const pivots: number[] = [];
  let next = 0;
  for (let col = 0; col < unknowns.length && next < rows.length; col++) {
    const found = rows.findIndex((row, index) => index >= next && row[col] !== 0);
    if (found < 0) continue;
    [rows[next], rows[found]] = [rows[found]!, rows[next]!];
    const pivot = rows[next]!;
    for (const [index, row] of rows.entries()) {
      if (index === next || row[col] === 0) continue;
      const [a, b] = [pivot[col]!, row[col]!];
      let divisor = 0;
      for (let k = 0; k < row.length; k++) {
        row[k] = row[k]! * a - pivot[k]! * b;
        if (!Number.isSafeInteger(row[k])) throw new Error('The table’s sums are too large to check');
        divisor = gcd(divisor, row[k]!);
      }
      if (divisor > 1) for (let k = 0; k < row.length; k++) row[k] = row[k]! / divisor;
    }
    pivots.push(col);
    next++;
  }
  return pivots.flatMap((col, index) =>
    rows[index]!.every((value, k) => k === col || value === 0) ? [unknowns[col]!] : [],
  );
}

/**
 * Which cells to hide (true): primary suppression, then secondary until nothing can be worked out.
 * The sums are looked at in the order given, and the first that needs a cell hidden gets it.
 */
export function hiddenCells(table: SuppressionTable, threshold: number): boolean[] {
  checkTable(table);
  const { sizes, sums } = table;
  const known = table.known ?? sizes.map(() => false);
  const hidden = sizes.map((size, cell) => !known[cell] && size > 0 && size < threshold);
  const open = (cell: number) => !hidden[cell] && !known[cell];
  /** The smallest cell of people that may still be hidden, the first of equals; undefined when none. */
  const smallest = (cells: readonly number[]) =>
    cells
      .filter((cell) => open(cell) && sizes[cell]! > 0)
      .reduce<number | undefined>(
        (best, cell) => (best === undefined || sizes[cell]! < sizes[best]! ? cell : best),
        undefined,
      );
  /**
   * A cell of nobody that may still be hidden: only to keep a cell from being worked out when no
   * cell of people is left to hide beside it (two hidden cells, one of them empty, hide which is
   * which). Not one in a sum whose shown total is 0, which says that every part of it is empty.
   */
  const empty = (cells: readonly number[]) =>
    cells.find(
      (cell) =>
        open(cell) &&
        sizes[cell] === 0 &&
        !sums.some(({ total, parts }) => !hidden[total] && sizes[total] === 0 && parts.includes(cell)),
    );

  /**
   * A cell to hide for a sum whose total is shown: another part, or, when no part is left to hide,
   * its total, where its hidden parts are alone or hold fewer than `threshold` together; or a part
   * that breaks a count the hidden parts share as none or all (none of them had a complication gives
   * each hidden group's count as 0), where one is left to hide.
   */
  const forSum = ({ total, parts }: TableSum) => {
    if (hidden[total]) return undefined;
    const hiddenParts = parts.filter((part) => hidden[part]);
    if (hiddenParts.length === 0) return undefined;
    const together = hiddenParts.reduce((sum, part) => sum + sizes[part]!, 0);
    const alone = hiddenParts.length === 1;
    if (alone || together < threshold)
      return smallest(parts) ?? (alone ? empty(parts) : undefined) ?? smallest([total]);
    for (const count of table.counts ?? []) {
      const counted = hiddenParts.reduce((sum, part) => sum + count[part]!, 0);
      if (counted > 0 && counted < together) continue;
      const breaks = smallest(
        parts.filter((part) => (counted === 0 ? count[part]! > 0 : count[part]! < sizes[part]!)),
      );
      if (breaks !== undefined) return breaks;
    }
    return undefined;
  };
  /** The next cell to hide: for a sum whose total is shown, then for a cell worked out; undefined when done. */
  const next = () => {
    for (const sum of sums) {
      const cell = forSum(sum);
      if (cell !== undefined) return cell;
    }
    for (const cell of workedOut(table, hidden)) {
      const beside = sums
        .filter(({ total, parts }) => total === cell || parts.includes(cell))
        .flatMap(({ total, parts }) => [...parts, total]);
      const other = smallest(beside) ?? empty(beside);
      if (other !== undefined) return other;
    }
    return undefined;
  };
  // Each pass hides one more cell, so this ends within as many passes as there are cells; what is
  // still exposed then cannot be helped (every other cell of it is hidden or known).
  for (let cell = next(); cell !== undefined; cell = next()) hidden[cell] = true;
  return hidden;
}

/** A group or cell of a table: its number of people, and counts of some of them shown beside it. */
export interface Counted {
  readonly size: number;
  /** Counts of some of its people (complications), in the same order for every group or cell. */
  readonly counts?: readonly number[];
}

const counted = (cell: number | Counted): Counted => (typeof cell === 'number' ? { size: cell } : cell);
const countsOf = (cells: readonly Counted[]) => Math.max(0, ...cells.map((cell) => cell.counts?.length ?? 0));

/**
 * The groups of one grouping of a whole (by sex, say), with the whole shown beside them: which
 * groups to hide. Those in no group (`outside`, an age not known) are taken as known to the reader.
 */
export function hiddenGroups(
  groups: readonly (number | Counted)[],
  threshold: number,
  outside: number | Counted = 0,
): boolean[] {
  const all = [...groups, outside].map(counted);
  const total = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0);
  const sizes = all.map((group) => group.size);
  const counts = Array.from({ length: countsOf(all) }, (_, index) => {
    const values = all.map((group) => group.counts?.[index] ?? 0);
    return [...values, total(values)];
  });
  return hiddenCells(
    {
      sizes: [...sizes, total(sizes)],
      counts,
      known: [...groups.map(() => false), true, true],
      sums: [{ total: all.length, parts: all.map((_, index) => index) }],
    },
    threshold,
  ).slice(0, groups.length);
}

/**
 * A table of rows by columns (groups by priority, say), each row's total shown beside its cells:
 * which cells and which row totals to hide. Each column's total and the grand total are taken as
 * known, because the reader can count them elsewhere (the worklist filtered by priority). A null
 * cell holds nobody: it is left out of the answer, which shows that it is empty, unless it must be
 * hidden to keep another from being worked out (a priority all of whose pathways are in one group).
 */
export function hiddenInTable(
  table: readonly (readonly (number | Counted | null)[])[],
  threshold: number,
): { rows: boolean[]; cells: boolean[][] } {
  const cells = table.map((row) => row.map((cell) => (cell === null ? null : counted(cell))));
  const columns = Math.max(0, ...cells.map((row) => row.length));
  const countCount = countsOf(cells.flat().filter((cell) => cell !== null));
  const sizes: number[] = [];
  const counts: number[][] = Array.from({ length: countCount }, () => []);
  const known: boolean[] = [];
  /** A cell whose values are those of `parts` added up, or of `cell`. */
  const add = (isKnown: boolean, parts: readonly number[], cell?: Counted | null) => {
    sizes.push(cell ? cell.size : parts.reduce((sum, part) => sum + sizes[part]!, 0));
    counts.forEach((values, index) =>
      values.push(cell ? (cell.counts?.[index] ?? 0) : parts.reduce((sum, part) => sum + values[part]!, 0)),
    );
    known.push(isKnown);
    return sizes.length - 1;
  };
  const at = cells.map((row) => Array.from({ length: columns }, (_, column) => add(false, [], row[column])));
  const rowTotals = at.map((row) => add(false, row));
  const columnParts = Array.from({ length: columns }, (_, column) => at.map((row) => row[column]!));
  const columnTotals = columnParts.map((parts) => add(true, parts));
  const grand = add(true, rowTotals);
  // The groups' totals first: a group total hidden to cover a small group then covers its own
  // row's hidden cells too, where taking the rows first would hide more cells of that row.
  const sums: TableSum[] = [
    { total: grand, parts: rowTotals },
    ...at.map((parts, row) => ({ total: rowTotals[row]!, parts })),
    ...columnParts.map((parts, column) => ({ total: columnTotals[column]!, parts })),
  ];
  const hidden = hiddenCells({ sizes, counts, known, sums }, threshold);
  return {
    rows: rowTotals.map((total) => hidden[total]!),
    cells: at.map((row) => row.map((cell) => hidden[cell]!)),
  };
}
