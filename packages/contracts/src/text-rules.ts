import { z } from 'zod';
import { isCalendarDate } from './calendar.js';
import { adminMessages } from './messages.js';

/**
 * The rules every text the API reads is held to, kept once so that the JSON API, the forms and the
 * message readers agree (docs/decisions/0049-json-api-text-rules.md). The file import refuses
 * control characters in a cell for the same reason: text no one can see or type has no place in a
 * name, a note or a code, and a line break in a one-line value breaks every list, CSV and PDF it
 * is written to.
 *
 * Every check here reads its text once, character by character, with no regular expression: the
 * time it takes grows with the length of the text and nothing else.
 */

/** Where a value may run over several lines (the notes and reasons typed in a text area). */
export interface TextRuleOptions {
  multiline: boolean;
}

const codePointName = (code: number) => `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;

export const textRuleMessages = {
  lineBreak: 'Must be on one line, without line breaks',
  tab: 'Must not contain a tab character',
  control: (codePoint: string) => `Must not contain control characters (it contains ${codePoint})`,
  byteOrderMark: 'Must not contain the invisible character U+FEFF (a byte order mark)',
  noncharacter: (codePoint: string) => `Must not contain ${codePoint}, which is not a character`,
  number: 'Must be a number written in plain digits, like 12 or 4.5',
  date: adminMessages.dateInvalid,
  dateTooEarly: 'Enter a date on or after 01-Jan-1900',
  dateTooLate: 'Enter a date on or before 31-Dec-2300',
} as const;

const tab = 0x09;
const lineFeed = 0x0a;
const carriageReturn = 0x0d;
const lineSeparator = 0x2028;
const paragraphSeparator = 0x2029;
const byteOrderMark = 0xfeff;

/**
 * What is wrong with one character (a UTF-16 code unit, or the code point of a surrogate pair),
 * or undefined when it is allowed.
 *
 * A tab is allowed where line breaks are: a note pasted from a letter or a spreadsheet may carry
 * one, it shows as a space, and the import keeps tabs in a cell as layout. In a one-line value (a
 * name, a code, a search) it is refused like a line break, since nobody types one there and it
 * would split the value's cell in a tab-separated copy of a list.
 */
function characterProblem(code: number, multiline: boolean): string | undefined {
  if (code < 0x20) {
    if (code === lineFeed || code === carriageReturn)
      return multiline ? undefined : textRuleMessages.lineBreak;
    if (code === tab) return multiline ? undefined : textRuleMessages.tab;
    return textRuleMessages.control(codePointName(code));
  }
  if (code < 0x7f) return undefined;
  // DEL and the C1 controls, U+0085 (next line) among them: no keyboard makes them, and a reader
  // of a file in another encoding can turn a stray byte into one.
  if (code <= 0x9f) return textRuleMessages.control(codePointName(code));
  if (code === lineSeparator || code === paragraphSeparator)
    return multiline ? undefined : textRuleMessages.lineBreak;
  if (code === byteOrderMark) return textRuleMessages.byteOrderMark;
  // Noncharacters: U+FDD0–U+FDEF, and the last two code points of every plane.
  if ((code >= 0xfdd0 && code <= 0xfdef) || (code & 0xfffe) === 0xfffe)
    return textRuleMessages.noncharacter(codePointName(code));
  return undefined;
}

/** Calls `found` with each refused character's position, length and problem; stops when it returns true. */
function scan(
  text: string,
  multiline: boolean,
  found: (index: number, length: number, problem: string) => boolean,
): void {
  for (let i = 0; i < text.length; i += 1) {
    let code = text.charCodeAt(i);
    // Printable ASCII, nearly every character of nearly every value.
    if (code >= 0x20 && code < 0x7f) continue;
    let length = 1;
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        code = (code - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
        length = 2;
      }
    }
    const problem = characterProblem(code, multiline);
    if (problem !== undefined && found(i, length, problem)) return;
    i += length - 1;
  }
}

/**
 * What is wrong with the text's characters, as a message for the field, or undefined when nothing
 * is: C0 controls (tab, carriage return and line feed allowed only when `multiline`), DEL, C1
 * controls, U+FEFF, and noncharacters (U+FDD0–U+FDEF, U+FFFE, U+FFFF and their kin in the other
 * planes); line and paragraph separators (U+2028, U+2029) count as line breaks. An unpaired
 * surrogate is not judged here: the API's hostile-text guard refuses it as not Unicode.
 */
export function controlCharacterProblem(text: string, options: TextRuleOptions): string | undefined {
  let first: string | undefined;
  scan(text, options.multiline, (_index, _length, problem) => {
    first = problem;
    return true;
  });
  return first;
}

/**
 * The text without what `controlCharacterProblem` refuses: a tab or a line break becomes a space
 * (it separated words), anything else is removed. For a form that shows a stored value the rules
 * would now refuse, whose refused characters the user cannot see to take out.
 */
export function withoutControlCharacters(text: string, options: TextRuleOptions): string {
  const parts: string[] = [];
  let from = 0;
  scan(text, options.multiline, (index, length, problem) => {
    parts.push(text.slice(from, index));
    if (problem === textRuleMessages.tab || problem === textRuleMessages.lineBreak) parts.push(' ');
    from = index + length;
    return false;
  });
  if (from === 0) return text;
  parts.push(text.slice(from));
  return parts.join('');
}

const refuseCharacters = (multiline: boolean) =>
  z.superRefine<string>((value, context) => {
    const problem = controlCharacterProblem(value, { multiline });
    if (problem !== undefined) context.addIssue({ code: 'custom', message: problem, input: value });
  });

/**
 * Checks of a string schema, added with `.check()`: a value on one line (names, codes, surgeons,
 * searches, report names), or a note or reason typed in a text area, which may have line breaks.
 * Add it after `.trim()` where the schema trims, so that a line break or tab around the value,
 * which the trim removes, is not refused.
 */
export const singleLine = refuseCharacters(false);
export const multiLine = refuseCharacters(true);

const isDigit = (code: number) => code >= 0x30 && code <= 0x39;

/**
 * A number written as plain decimal text: an optional minus, digits, and optionally a point and
 * more digits (`12`, `-3`, `4.5`); spaces around it are ignored. Anything else is undefined: hex
 * (`0x10`), binary and octal, exponents (`1e3`), `Infinity`, a leading `+`, digit separators
 * (`1_000`, `1,000`), a bare point (`.5`, `5.`), nothing but spaces, and numbers too large to hold.
 * `Number(text)` would read most of them as a number, so `0x10` days of stay would be kept as 16.
 */
export function plainDecimal(text: string): number | undefined {
  const s = text.trim();
  let i = s.charCodeAt(0) === 0x2d ? 1 : 0;
  const wholeStart = i;
  while (i < s.length && isDigit(s.charCodeAt(i))) i += 1;
  if (i === wholeStart) return undefined;
  if (i < s.length && s.charCodeAt(i) === 0x2e) {
    const fractionStart = (i += 1);
    while (i < s.length && isDigit(s.charCodeAt(i))) i += 1;
    if (i === fractionStart) return undefined;
  }
  if (i !== s.length) return undefined;
  const value = Number(s);
  if (!Number.isFinite(value)) return undefined;
  // -0 is 0: a minus in front of nothing but zeros means nothing.
  return value === 0 ? 0 : value;
}

/**
 * A number field that also takes text (a query parameter always does, a form sends what was
 * typed): text is read with `plainDecimal`, and refused with `message` when it is not plain
 * decimal; a number is passed on as it is. In the OpenAPI document it is the number schema.
 */
export function decimalNumber<T extends z.ZodType<number, number>>(
  schema: T,
  message: string = textRuleMessages.number,
) {
  return z.preprocess((value, context) => {
    if (typeof value !== 'string') return value;
    const read = plainDecimal(value);
    if (read === undefined) context.addIssue({ code: 'custom', message, input: value });
    return read ?? value;
  }, schema);
}

/**
 * The calendar days a date in a request may name, as YYYY-MM-DD: no date of birth, referral,
 * operation or list is before 1900 (the import refuses them too), and the upper end only keeps out
 * dates no one meant, such as 9999-12-31. The app's Day, Month and Year fields take the same years.
 */
export const dateBounds = { earliest: '1900-01-01', latest: '2300-12-31' } as const;
export const dateYears = { min: 1900, max: 2300 } as const;

/** Digits at 0–3, 5–6 and 8–9 and hyphens at 4 and 7: the shape of YYYY-MM-DD, read without a pattern. */
function isIsoDayShape(text: string): boolean {
  if (text.length !== 10) return false;
  for (let i = 0; i < 10; i += 1) {
    const code = text.charCodeAt(i);
    if (i === 4 || i === 7 ? code !== 0x2d : !isDigit(code)) return false;
  }
  return true;
}

/**
 * What is wrong with a date written YYYY-MM-DD, or undefined: not a day on the calendar, or
 * outside `dateBounds` (year 0000, which PostgreSQL cannot store, and 1899-12-31 among them).
 */
export function dateProblem(text: string): string | undefined {
  if (!isIsoDayShape(text)) return textRuleMessages.date;
  const [year, month, day] = [text.slice(0, 4), text.slice(5, 7), text.slice(8, 10)].map(Number) as [
    number,
    number,
    number,
  ];
  // The bounds first: Date.UTC, which the calendar check uses, reads years 0 to 99 as 1900 to 1999.
  if (text < dateBounds.earliest) return textRuleMessages.dateTooEarly;
  if (text > dateBounds.latest) return textRuleMessages.dateTooLate;
  return isCalendarDate(year, month, day) ? undefined : textRuleMessages.date;
}

/**
 * A calendar day in a request, YYYY-MM-DD, from 1900-01-01 to 2300-12-31: every date a request
 * body or query takes (dates of operation, the periods of model monitoring and recalibration, the
 * list's date filters) is read with it, so none reaches the database out of its range.
 */
export const boundedDate = z
  .string()
  .max(10, textRuleMessages.date)
  .check(
    z.superRefine<string>((value, context) => {
      const problem = dateProblem(value);
      if (problem !== undefined) context.addIssue({ code: 'custom', message: problem, input: value });
    }),
  );
