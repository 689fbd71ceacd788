import { bloodLongColumns, labSpecs } from './headers-blood-tests.js';
import { outcomesColumns } from './headers-outcomes.js';
import type { ColumnSpec } from './headers-waiting-list.js';
import { waitingListColumns } from './headers-waiting-list.js';
import type { LabCode } from './types.js';
import { squash } from './values.js';

// How a header row is matched to the columns of each kind of file (headers-*.ts).

export interface HeaderMatch {
  key: string;
  /** 2 for a name, 1 for a weaker alias. */
  strength: number;
}

function buildTable(columns: ColumnSpec[]): Map<string, HeaderMatch> {
  const table = new Map<string, HeaderMatch>();
  for (const column of columns) {
    for (const alias of [column.header, column.key, ...column.aliases]) {
      const weak = alias.startsWith('~');
      const name = squash(weak ? alias.slice(1) : alias);
      if (!table.has(name)) table.set(name, { key: column.key, strength: weak ? 1 : 2 });
    }
  }
  return table;
}

export const waitingListHeaderTable = buildTable(waitingListColumns);
export const bloodLongHeaderTable = buildTable(bloodLongColumns);
export const outcomesHeaderTable = buildTable(outcomesColumns);
export const labHeaderTable = buildTable(
  labSpecs.map((lab) => ({ key: lab.key, header: lab.label, label: lab.label, aliases: lab.aliases })),
);
/** Test names and codes as they appear in a long file's rows. */
export const labNameTable = new Map<string, LabCode>(
  [...labHeaderTable].map(([name, match]) => [name, match.key as LabCode]),
);

/** A header cell's unit in brackets, `Haemoglobin (g/L)`, kept for the values under it. */
export interface HeaderCell {
  squashed: string;
  /** The text without a trailing `(…)`, squashed; null when there was none. */
  base: string | null;
  unit: string | null;
}

/**
 * A trimmed header's trailing bracket, `(…)` or `[…]` with no bracket inside, and the text before it,
 * found by looking back from the end (an expression would look again from each of many brackets).
 * Text before the bracket that runs over more than one line is not a name with a unit.
 */
function trailingBracket(text: string): { base: string; unit: string } | null {
  const last = text.charCodeAt(text.length - 1);
  if (last !== 41 && last !== 93) return null;
  for (let i = text.length - 2; i >= 0; i--) {
    const c = text.charCodeAt(i);
    if (c === 41 || c === 93) return null;
    if (c === 40 || c === 91) {
      const base = text.slice(0, i).trimEnd();
      return /[\n\r\u2028\u2029]/.test(base) ? null : { base, unit: text.slice(i + 1, -1) };
    }
  }
  return null;
}

export function readHeaderCell(raw: string): HeaderCell {
  const text = raw.replace(/^\uFEFF/, '').trim();
  const bracket = trailingBracket(text);
  return {
    squashed: squash(text),
    base: bracket ? squash(bracket.base) : null,
    unit: bracket ? bracket.unit.trim() : null,
  };
}

export function matchHeader(table: Map<string, HeaderMatch>, cell: HeaderCell): HeaderMatch | undefined {
  if (cell.squashed.length === 0) return undefined;
  return table.get(cell.squashed) ?? (cell.base ? table.get(cell.base) : undefined);
}

export interface ColumnMapping {
  /** Column index for each field key used. */
  columns: Map<string, number>;
  /** Unit written in the header of a field's column, if any. */
  units: Map<string, string>;
  unexpected: string[];
  duplicates: { used: string; ignored: string }[];
}

/**
 * Maps header cells to field keys with the given tables (earlier tables win a name both know). Two
 * columns for one field: the stronger name wins, then the first.
 */
export function mapHeader(cells: string[], tables: Map<string, HeaderMatch>[]): ColumnMapping {
  const best = new Map<string, { index: number; strength: number }>();
  const all: { index: number; key: string; strength: number }[] = [];
  const unexpected: string[] = [];
  cells.forEach((raw, index) => {
    const cell = readHeaderCell(raw);
    if (cell.squashed.length === 0) return;
    let match: HeaderMatch | undefined;
    for (const table of tables) {
      match = matchHeader(table, cell);
      if (match) break;
    }
    if (!match) {
      unexpected.push(raw.replace(/^\uFEFF/, '').trim());
      return;
    }
    all.push({ index, key: match.key, strength: match.strength });
    const current = best.get(match.key);
    if (!current || match.strength > current.strength)
      best.set(match.key, { index, strength: match.strength });
  });
  const columns = new Map<string, number>();
  const units = new Map<string, string>();
  for (const [key, { index }] of best) {
    columns.set(key, index);
    const unit = readHeaderCell(cells[index]!).unit;
    if (unit) units.set(key, unit);
  }
  const duplicates = all
    .filter((c) => columns.get(c.key) !== c.index)
    .map((c) => ({ used: cells[columns.get(c.key)!]!.trim(), ignored: cells[c.index]!.trim() }));
  return { columns, units, unexpected, duplicates };
}

// The outcomes table last: a name the others know keeps its meaning, and an outcomes file's header
// (an identifier, the date of operation, the complication) still scores its columns.
const everyTable = [waitingListHeaderTable, bloodLongHeaderTable, labHeaderTable, outcomesHeaderTable];

/** How many distinct known fields a row names: the header is the row that names most. */
export function scoreHeaderRow(cells: string[]): number {
  const seen = new Set<string>();
  for (const raw of cells) {
    if (raw.length === 0 || raw.length > 100) continue;
    const cell = readHeaderCell(raw);
    for (const table of everyTable) {
      const match = matchHeader(table, cell);
      if (match) {
        seen.add(match.key);
        break;
      }
    }
  }
  return seen.size;
}

const waitingListOnly = new Set(
  waitingListColumns.map((c) => c.key).filter((k) => k !== 'nhsNumber' && k !== 'localPatientIdentifier'),
);
const bloodOnly = new Set([...bloodLongColumns.map((c) => c.key), ...labSpecs.map((l) => l.key)]);
bloodOnly.delete('nhsNumber');
bloodOnly.delete('localPatientIdentifier');
bloodOnly.delete('dateOfBirth');

/** Which kind of file a header belongs to, by how many of each kind's own columns it names. */
export function headerKindScores(cells: string[]): { waitingList: number; blood: number } {
  let waitingList = 0;
  let blood = 0;
  for (const raw of cells) {
    const cell = readHeaderCell(raw);
    const wl = matchHeader(waitingListHeaderTable, cell);
    if (wl && waitingListOnly.has(wl.key)) waitingList++;
    const bl = matchHeader(bloodLongHeaderTable, cell) ?? matchHeader(labHeaderTable, cell);
    if (bl && bloodOnly.has(bl.key)) blood++;
  }
  return { waitingList, blood };
}
