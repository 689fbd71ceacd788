import { identityMessages, identityOf, rowMessages, showNhsNumber } from './messages.js';
import { NumberIndex } from './number-index.js';
import { showDate } from './dates.js';
import type { Output } from './output.js';
import type { RowIssue, WaitingListRow } from './types.js';

/**
 * The pathways a waiting list has named so far (docs/requirements.md §5: a pathway is matched by NHS
 * number, else local patient identifier), to refuse a pathway twice, and the date of birth of each
 * NHS number, to refuse one NHS number born on two days (decision 0055).
 */
export class PathwayIdentities {
  /** The row each NHS number and local identifier was first seen on. */
  private readonly seenNhsNumbers = new NumberIndex();
  private readonly seenLocals = new Map<string, number>();
  /**
   * The date of birth of each valid row with an NHS number, as a day number (`birthDay`), by row
   * number; 0 for a row refused or without one. The NHS number's first row (`seenNhsNumbers`) leads
   * here: another row of that NHS number born on another day makes both rows errors (decision
   * 0055). An array by row rather than a second index by NHS number: one hashed lookup a row.
   */
  private birthDayOfRow = new Int32Array(1024);
  /** The earlier rows already refused for such a conflict, each refused once. */
  private readonly conflictedFirstRows = new Set<number>();

  /**
   * The first row of the row's pathway, or -1 when the row is the first. A later row adds its error
   * to `errors`: a duplicate, or a date of birth that differs from the first row's, which refuses
   * that first row too.
   */
  firstRowOf(
    output: Output<WaitingListRow>,
    rowNumber: number,
    nhsNumber: string | null,
    localPatientIdentifier: string | null,
    dateOfBirth: string | null,
    errors: RowIssue[],
  ): number {
    const first =
      nhsNumber !== null
        ? this.seenNhsNumbers.putIfAbsent(Number(nhsNumber), rowNumber)
        : localPatientIdentifier !== null
          ? this.firstRowOfLocal(localPatientIdentifier, rowNumber)
          : -1;
    if (first >= 0) {
      const firstBorn = nhsNumber !== null ? (this.birthDayOfRow[first] ?? 0) : 0;
      if (firstBorn > 0 && dateOfBirth !== null && firstBorn !== birthDay(dateOfBirth)) {
        // One NHS number, two dates of birth: two patients, or one mistyped. Neither row can be
        // trusted to be the pathway's patient, so the earlier row, already read as valid, is
        // refused too (its staged line is dropped with it).
        this.identityConflict(output, nhsNumber!, first, dayText(firstBorn), rowNumber, dateOfBirth, errors);
      } else {
        const identity =
          nhsNumber !== null
            ? `NHS number ${showNhsNumber(nhsNumber)}`
            : `local patient identifier ${localPatientIdentifier}`;
        errors.push({ field: null, message: rowMessages.duplicate(first, identity) });
      }
    }
    return first;
  }

  /** Keeps the date of birth of a valid row, the first of its NHS number. */
  keepBirthDay(rowNumber: number, dateOfBirth: string | null): void {
    const day = dateOfBirth === null ? 0 : birthDay(dateOfBirth);
    if (rowNumber >= this.birthDayOfRow.length) {
      const grown = new Int32Array(Math.max(rowNumber + 1, this.birthDayOfRow.length * 2));
      grown.set(this.birthDayOfRow);
      this.birthDayOfRow = grown;
    }
    this.birthDayOfRow[rowNumber] = day;
  }

  /** Refuses this row, and the earlier valid row of the same NHS number born on another day. */
  private identityConflict(
    output: Output<WaitingListRow>,
    nhsNumber: string,
    firstRow: number,
    firstBorn: string,
    rowNumber: number,
    born: string,
    errors: RowIssue[],
  ): void {
    const identity = identityOf(nhsNumber, null);
    errors.push({
      field: 'dateOfBirth',
      message: identityMessages.fileConflict(identity, firstRow, firstBorn, born),
    });
    if (this.conflictedFirstRows.has(firstRow)) return;
    this.conflictedFirstRows.add(firstRow);
    output.invalidRow({
      rowNumber: firstRow,
      errors: [
        {
          field: 'dateOfBirth',
          message: identityMessages.fileConflict(identity, rowNumber, born, firstBorn),
        },
      ],
      values: { nhsNumber: showNhsNumber(nhsNumber), dateOfBirth: showDate(firstBorn) },
    });
  }

  private firstRowOfLocal(local: string, rowNumber: number): number {
    const first = this.seenLocals.get(local);
    if (first !== undefined) return first;
    this.seenLocals.set(local, rowNumber);
    return -1;
  }
}

const dayMs = 86_400_000;
const day1900 = Date.UTC(1900, 0, 1) / dayMs;

/** A date of birth (YYYY-MM-DD, from 1900 on) as a whole number of days from 1900, always above 0. */
function birthDay(date: string): number {
  return (
    Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / dayMs -
    day1900 +
    1
  );
}

/** `birthDay` back as YYYY-MM-DD. */
const dayText = (day: number) => new Date((day - 1 + day1900) * dayMs).toISOString().slice(0, 10);
