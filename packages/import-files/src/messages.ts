// Every message a clerk may read about an upload, in one place so wording stays consistent and tests
// can assert it. Plain English (docs/requirements.md §8): say what is wrong and what to do about it.
import { fieldLimits } from '@esr/contracts/field-limits';
import { showCalendarDate } from '@esr/contracts/london-dates';
import { spacedNhsNumber } from '@esr/contracts/nhs-number';
import { importFieldLabels } from '@esr/contracts/waiting-list';

const count = (n: number): string => n.toLocaleString('en-GB');

/** How messages name the outcomes file's own columns (importFieldLabels has the others). */
export { outcomeFieldLabels } from '@esr/contracts/outcomes';
import { outcomeFieldLabels } from '@esr/contracts/outcomes';
const outcomeLabel = (field: string): string | undefined =>
  (outcomeFieldLabels as Record<string, string>)[field];

/** Shows a value as the user wrote it, cut short so one odd cell cannot flood the screen. */
export function quote(value: string): string {
  const cut = value.length > 60 ? `${value.slice(0, 57)}…` : value;
  return `'${cut}'`;
}

/** NHS numbers in messages as they are printed (3-3-4); anything else as written. */
export { spacedNhsNumber as showNhsNumber } from '@esr/contracts/nhs-number';

export const fileMessages = {
  empty: 'The file is empty.',
  tooBig: (limit: number) =>
    `The file is larger than ${count(Math.round(limit / 1024 / 1024))} MB: split it into smaller files or remove unused columns.`,
  noDataRows: 'The file has a header row but no data rows.',
  noHeader:
    'No header row was found: the first 20 rows do not contain column names we recognise, such as NHS Number, Surname or Date of Birth. Check that this is the right file and that its first sheet with data has column names.',
  noHeaderBlood:
    'No header row was found: the first 20 rows do not contain column names we recognise, such as NHS Number, Test Name, Result or Sample Date. Check that this is the right file.',
  missingColumns: (names: string[]) =>
    `Required ${names.length === 1 ? 'column is' : 'columns are'} missing: ${names.join(', ')}. Add ${names.length === 1 ? 'it' : 'them'} or rename the existing column${names.length === 1 ? '' : 's'} to match the template.`,
  tooManyRows: (limit: number) => `The file has more than ${count(limit)} rows: split it into smaller files.`,
  headerTooWide: (columns: number, limit: number) =>
    `The header row has ${count(columns)} columns; at most ${count(limit)} are allowed. Remove unused columns and upload it again.`,
  noHeaderOutcomes:
    'No header row was found: the first 20 rows do not contain column names we recognise, such as NHS Number, Date of Operation or Complication within 90 days. Check that this is the right file.',
  bloodInWaitingList: 'This looks like a blood test file: choose it in the blood test picker.',
  waitingListInBlood: 'This looks like a waiting list file: choose it in the waiting list picker.',
  waitingListInOutcomes:
    'This looks like a waiting list file, not an outcomes file: upload it in the waiting list picker.',
  bloodInOutcomes:
    'This looks like a blood test file, not an outcomes file: upload it with the waiting list, in the blood test picker.',
  encrypted: 'The workbook is password-protected: remove the password and upload it again.',
  unreadable: (kind: string) =>
    `The file could not be read as ${kind}: it may be damaged. Open it in Excel, save it again and upload the new copy.`,
  // Kinds of file that are not a spreadsheet or CSV.
  pdf: 'This is a PDF document, not a spreadsheet: upload the CSV or Excel file the data was exported to.',
  image: 'This is a picture, not a spreadsheet: upload the CSV or Excel file the data was exported to.',
  word: 'This is a Word document, not a spreadsheet: upload a CSV or Excel file.',
  powerPoint: 'This is a PowerPoint file, not a spreadsheet: upload a CSV or Excel file.',
  otherOffice: 'This Office file is not an Excel workbook: upload a CSV or Excel file.',
  openDocument: 'This is an OpenDocument spreadsheet (.ods): save it as an Excel workbook (.xlsx) or CSV.',
  xlsb: 'This is an Excel binary workbook (.xlsb): save it as an Excel workbook (.xlsx) or CSV.',
  otherZip: 'This is a zip archive, not an Excel workbook: upload the CSV or Excel file itself.',
  archive: 'This is a compressed archive, not a spreadsheet: upload the CSV or Excel file itself.',
  html: 'This is a web page (HTML), not a spreadsheet, even if its name ends in .xls: open it in Excel and save it as an Excel workbook (.xlsx) or CSV.',
  xmlSpreadsheet:
    'This is an Excel 2003 XML spreadsheet: open it in Excel and save it as an Excel workbook (.xlsx) or CSV.',
  rtf: 'This is a rich-text document, not a spreadsheet: upload a CSV or Excel file.',
  binary:
    'This is not a text (CSV) file or an Excel workbook: upload the CSV or Excel file the data was exported to.',
  // Zip guards (docs/requirements.md §5: every zip-based upload is checked before it is parsed).
  zipDamaged:
    'The workbook is damaged (its zip structure cannot be read): save it again in Excel and upload the new copy.',
  zipTooManyEntries: (limit: number) =>
    `The workbook has more than ${count(limit)} parts, more than a spreadsheet needs: it was refused as unsafe.`,
  zipTooLarge: (limit: number) =>
    `The workbook would expand to more than ${count(Math.round(limit / 1024 / 1024))} MB when opened: it was refused as unsafe (a "zip bomb"). Save the data as CSV or split it.`,
  zipRatio: (name: string, ratio: number) =>
    `A part of the workbook (${name}) is compressed ${count(Math.round(ratio))} times, far more than spreadsheet data is: it was refused as unsafe (a "zip bomb").`,
  zipSizeMismatch: (name: string) =>
    `A part of the workbook (${name}) expands to more than it declares: it was refused as unsafe (a "zip bomb" or a damaged file).`,
  zip64: 'The workbook uses a zip format for files over 4 GB, which an upload cannot be: it was refused.',
  zipMethod: (name: string) =>
    `A part of the workbook (${name}) uses a compression method Excel does not use: save it again in Excel.`,
  zipEncryptedEntry: 'The workbook is password-protected: remove the password and upload it again.',
  xmlEntities:
    'The workbook contains XML declarations (DOCTYPE or ENTITY) that Excel never writes: it was refused as unsafe.',
  macros: 'The workbook contains macros (VBA): save it as an ordinary Excel workbook (.xlsx) without macros.',
  nestedArchive: (name: string) =>
    `The workbook contains another file packed inside it (${name}): remove embedded files, or save the data as CSV.`,
  sharedStringsTooLarge: (limit: number) =>
    `The workbook's text table is larger than ${count(Math.round(limit / 1024 / 1024))} MB: save the data as CSV or split it.`,
  noSheets: 'The workbook has no visible sheet with data.',
  notWorkbook: 'The zip archive has no Excel workbook inside: upload a CSV or Excel file.',
} as const;

const rowsHave = (n: number) => `${count(n)} ${n === 1 ? 'row has' : 'rows have'}`;
const results = (n: number, label: string) => `${count(n)} ${label} ${n === 1 ? 'result' : 'results'}`;

/**
 * A group of warnings of one kind in words, with its count (docs/decisions/0037): the summary
 * shows these instead of each warning. A kind with no words of its own, or a warning of no kind,
 * is shown by its first warning's words.
 */
export function warningGroupMessage(group: {
  kind: string;
  field: string | null;
  count: number;
  message: string;
}): string {
  const n = group.count;
  const [kind] = group.kind.split(':');
  const label = group.field
    ? (importFieldLabels[group.field] ?? outcomeLabel(group.field) ?? group.field)
    : '';
  switch (kind) {
    case 'dobMissing':
      return `${rowsHave(n)} no date of birth: the model will use its default age for ${n === 1 ? 'it' : 'them'}.`;
    case 'sexMissing':
      return `${rowsHave(n)} no sex recorded: the model will use its default for ${n === 1 ? 'it' : 'them'}.`;
    case 'heightMissing':
      return `${rowsHave(n)} no height: the model will use its default body mass index for ${n === 1 ? 'it' : 'them'}.`;
    case 'weightMissing':
      return `${rowsHave(n)} no weight: the model will use its default body mass index for ${n === 1 ? 'it' : 'them'}.`;
    case 'heightInMetres':
      return `${rowsHave(n)} a height that looks like metres, not centimetres: check ${n === 1 ? 'it' : 'them'}.`;
    case 'referralInFuture':
      return `${rowsHave(n)} a referral date in the future.`;
    case 'referralBeforeBirth':
      return `${rowsHave(n)} a referral date before the date of birth.`;
    case 'clockStartInFuture':
      return `${rowsHave(n)} an RTT clock start in the future.`;
    case 'priorityDateInFuture':
      return `${rowsHave(n)} a priority date in the future.`;
    case 'lastValidatedInFuture':
      return `${rowsHave(n)} a last validated date in the future.`;
    case 'lengthOfStayLong':
      return `${rowsHave(n)} a length of stay over 365 days: check ${n === 1 ? 'it' : 'them'}.`;
    case 'outcomeReplaced':
      return `${count(n)} ${n === 1 ? 'row was' : 'rows were'} replaced by a later row for the same patient and date of operation.`;
    case 'totalsRow':
      return `${count(n)} ${n === 1 ? 'row looks' : 'rows look'} like a totals or end-of-report line and ${n === 1 ? 'was' : 'were'} skipped.`;
    case 'noResult':
      return `${rowsHave(n)} no ${label} result, so no value was taken from ${n === 1 ? 'it' : 'them'}.`;
    case 'comment':
      return `${results(n, label)} ${n === 1 ? 'is' : 'are'} not a number, so no value was taken from ${n === 1 ? 'it' : 'them'}.`;
    case 'unit':
      return `${results(n, label)} ${n === 1 ? 'has' : 'have'} a unit that is not recognised: the value was used as it is.`;
    case 'guess':
      return `${results(n, label)} had no unit and ${n === 1 ? 'was' : 'were'} converted: add a unit column to be sure.`;
    case 'limit':
      return `${results(n, label)} ${n === 1 ? 'is' : 'are'} a lab's reporting limit (such as '<5'): the limit was used.`;
    case 'identityDetails':
      return `${rowsHave(n)} the NHS number and date of birth of a patient on the list but another hospital number or surname: check ${n === 1 ? 'it is' : 'they are'} the same ${n === 1 ? 'patient' : 'patients'} (download the warnings to see both).`;
    case 'identityByNumberOnly':
      return `${count(n)} ${n === 1 ? 'row was' : 'rows were'} matched to a patient on the list without comparing dates of birth, because one side has none: check ${n === 1 ? 'it' : 'them'}.`;
    case 'directionControls':
      return `Hidden text-direction characters were removed from ${label} in ${count(n)} ${n === 1 ? 'row' : 'rows'}.`;
    case 'blank': {
      // What follows the first ': ' of a row's warning, whole: the value used may hold one too
      // ("… is blank: the model will use 'White: British'.").
      const at = group.message.indexOf(': ');
      const rest = at < 0 ? 'the model will use its default.' : group.message.slice(at + 2);
      return `${label} is blank in ${count(n)} ${n === 1 ? 'row' : 'rows'}: ${rest}`;
    }
    case 'outsidePopulation':
      return `${count(n)} ${n === 1 ? 'row is' : 'rows are'} outside the population the model was made for: ${n === 1 ? 'the patient stays' : 'the patients stay'} on the list and ${n === 1 ? 'is' : 'are'} not scored.`;
    case 'range':
      return `${results(n, label)} ${n === 1 ? 'is' : 'are'} outside the range the risk model accepts: check ${n === 1 ? 'it' : 'them'}.`;
    default:
      return n === 1 ? group.message : `${count(n)} warnings: ${group.message}`;
  }
}

/** A calendar date (YYYY-MM-DD) as the product shows one: 05-Mar-1951. */
const showBirthDate = showCalendarDate;

/** A patient as an identity message names one: the date of birth, then the hospital number if known. */
const bornAs = (dateOfBirth: string | null, local: string | null) =>
  `${dateOfBirth === null ? 'no date of birth' : showBirthDate(dateOfBirth)}${local === null ? '' : ` (${local})`}`;

/** Who a pathway is (docs/decisions/0055-identity-by-nhs-number-and-date-of-birth.md), named by its NHS number or local identifier. */
export const identityOf = (nhsNumber: string | null, local: string | null) =>
  nhsNumber !== null ? `NHS number ${spacedNhsNumber(nhsNumber)}` : `Local patient identifier ${local ?? ''}`;

/**
 * Decision 0055: a pathway is matched by its NHS number (else its local identifier) and its date of
 * birth. Each message names both sides by date of birth and hospital number only, enough for the
 * clerk to find the patient in the source system and no more.
 */
export const identityMessages = {
  /** A row whose NHS number (or local identifier) is on the active list for a patient born on another day. */
  listConflict: (
    identity: string,
    list: { dateOfBirth: string | null; local: string | null },
    row: { dateOfBirth: string | null; local: string | null },
  ) =>
    `${identity} is on the list for a patient born ${bornAs(list.dateOfBirth, list.local)}; this row says ${bornAs(row.dateOfBirth, row.local)}. Check the ${identity.startsWith('NHS') ? 'NHS number' : 'local patient identifier'} in the source system. If the date of birth was corrected there, ask a clinician to confirm the corrected date of birth from the patient's risk summary, then upload the file again.`,
  /** Two rows of one file with the same NHS number and different dates of birth: both are refused. */
  fileConflict: (identity: string, otherRow: number, other: string, mine: string) =>
    `${identity} is also in row ${count(otherRow)} with another date of birth (${showBirthDate(other)}); this row says ${showBirthDate(mine)}. One NHS number is one patient: check both rows in the source system.`,
  /** The same NHS number and date of birth as a patient on the list, but another hospital number or surname. */
  otherDetails: (
    identity: string,
    list: { local: string | null; lastName: string | null },
    row: { local: string | null; lastName: string | null },
  ) => {
    const said = (side: { local: string | null; lastName: string | null }) =>
      [
        side.local === null ? null : `hospital number ${side.local}`,
        side.lastName === null ? null : `surname ${side.lastName}`,
      ]
        .filter((part) => part !== null)
        .join(', ');
    return `${identity} and the date of birth match a patient on the list with ${said(list)}; this row says ${said(row)}. It is taken as the same patient: check it is.`;
  },
  /** A row without a date of birth whose NHS number is on the list: matched by the NHS number alone. */
  noBirthDateInRow: (identity: string, list: { dateOfBirth: string; local: string | null }) =>
    `This row has no date of birth: it is matched by ${identity} alone to the patient on the list born ${bornAs(list.dateOfBirth, list.local)}, who keeps that date of birth. Add the date of birth to be sure it is the same patient.`,
  /** A patient on the list without a date of birth: the row's is taken. */
  noBirthDateOnList: (identity: string, row: { dateOfBirth: string }) =>
    `The patient on the list with ${identity} has no date of birth: this row is matched by the ${identity.startsWith('NHS') ? 'NHS number' : 'local patient identifier'} alone, and its date of birth (${showBirthDate(row.dateOfBirth)}) is taken.`,
  /** A blood-test row whose date of birth contradicts the waiting list's row of its NHS number. */
  bloodBirthDate: (identity: string, listRow: number, list: string, mine: string) =>
    `Date of birth ${showBirthDate(mine)} does not match the waiting list's row ${count(listRow)} for ${identity} (${showBirthDate(list)}): these results may be another patient's. Check the patient in the laboratory system.`,
  /** A blood-test row whose hospital number contradicts the waiting list's row of its NHS number. */
  bloodLocal: (identity: string, listRow: number, list: string, mine: string) =>
    `Local patient identifier ${mine} does not match the waiting list's row ${count(listRow)} for ${identity} (${list}): these results may be another patient's. Check the patient in the laboratory system.`,
  /** Two rows of the blood-test file with the same NHS number and different dates of birth. */
  bloodFileConflict: (identity: string, otherRow: number, other: string) =>
    `${identity} is in row ${count(otherRow)} with another date of birth (${showBirthDate(other)}): these results may be another patient's. Check the patient in the laboratory system.`,
} as const;

export const warningMessages = {
  duplicateColumn: (used: string, ignored: string) =>
    `Columns ${quote(used)} and ${quote(ignored)} hold the same information; ${quote(used)} was used and ${quote(ignored)} was ignored.`,
  hiddenSheetsSkipped: (names: string[]) =>
    `Hidden sheet${names.length === 1 ? '' : 's'} ${names.map(quote).join(', ')} ${names.length === 1 ? 'was' : 'were'} skipped.`,
  sheetUsed: (name: string) => `Data was read from the sheet ${quote(name)}.`,
  totalsRowSkipped: 'This row looks like a totals or end-of-report line and was skipped.',
  more: (n: number, example: string) =>
    `${count(n)} more row${n === 1 ? '' : 's'} had the same kind of warning as: ${example}`,
  heightInMetres: (value: string) =>
    `Height ${value} looks like metres, not centimetres: check it (heights are in cm).`,
  // docs/import-format.md "Warnings": the row can still be imported; the risk model puts its default age in.
  dobMissing: 'Date of birth is missing: the model will use its default age.',
  // The same, for the inputs the active model fills in when they are blank (WaitingListOptions.defaultedFields).
  sexMissing: 'Sex is missing or not known: the model will use its default.',
  heightMissing: 'Height is missing: the model will use its default body mass index.',
  weightMissing: 'Weight is missing: the model will use its default body mass index.',
  // docs/decisions/0043: a name must not read as another, so direction controls never reach the record.
  directionControlsRemoved: (label: string) =>
    `${label} contained hidden text-direction characters, which were removed.`,
  referralInFuture: (value: string) => `Referral date ${value} is in the future.`,
  referralBeforeBirth: (value: string) => `Referral date ${value} is before the date of birth.`,
  clockStartInFuture: (value: string) => `RTT clock start ${value} is in the future.`,
  priorityDateInFuture: (value: string) => `Priority date ${value} is in the future.`,
  lastValidatedInFuture: (value: string) => `Last validated date ${value} is in the future.`,
  // Outcomes.
  columnsIgnored: (names: string[]) =>
    `${names.length === 1 ? 'Column' : 'Columns'} ${names.map(quote).join(', ')} ${names.length === 1 ? 'is' : 'are'} not read from an outcomes file and ${names.length === 1 ? 'was' : 'were'} ignored.`,
  lengthOfStayLong: (days: number) => `Length of stay ${days} days is over a year: check it.`,
  outcomeReplaced: (laterRow: number, identity: string, day: string) =>
    `Row ${count(laterRow)} has an outcome for the same patient (${identity}) and date of operation (${day}): it was used instead of this row.`,
  // Blood tests.
  unknownTest: (name: string, rows: number) =>
    `Test ${quote(name)} is not one the model uses; its ${count(rows)} row${rows === 1 ? ' was' : 's were'} skipped.`,
  belowLimit: (label: string, raw: string, value: number) =>
    `${label} result ${quote(raw)} is below the lab's reporting limit; ${value} was used.`,
  aboveLimit: (label: string, raw: string, value: number) =>
    `${label} result ${quote(raw)} is above the lab's reporting limit; ${value} was used.`,
  notANumber: (label: string, raw: string) =>
    `${label} result ${quote(raw)} is not a number, so no value was taken from this row.`,
  noResult: (label: string) => `${label} has no result in this row, so no value was taken from it.`,
  converted: (label: string, raw: string, unit: string, value: number, target: string) =>
    `${label} ${raw} ${unit} was converted to ${value} ${target}.`,
  guessedUnit: (label: string, raw: string, unit: string, value: number, target: string) =>
    `${label} ${raw} has no unit and looks like ${unit}; it was converted to ${value} ${target}. Add a unit column to be sure.`,
  unknownUnit: (label: string, unit: string, target: string) =>
    `${label} unit ${quote(unit)} is not recognised; the value was taken as ${target}.`,
  blankInput: (label: string, value: string) => `${label} is blank: the model will use '${value}'.`,
  absentInput: (label: string, value: string) =>
    `The file has no ${label} column: the model will use '${value}' for every patient.`,
  outsidePopulation: (reason: string) =>
    `Outside the population the model was made for (${reason}): the patient stays on the list and is not scored.`,
  outOfRange: (label: string, value: number, unit: string, min: number, max: number) =>
    `${label} ${value} ${unit} is outside the range the risk model accepts (${min}–${max} ${unit}): check it.`,
} as const;

/** Messages about one cell or one row of a waiting-list or blood-test file. */
export const rowMessages = {
  nhsChecksum: (value: string) =>
    `NHS number ${spacedNhsNumber(value)} fails the check digit (Modulus 11) — check it against the patient's record.`,
  nhsRepeated: (value: string) =>
    `NHS number ${spacedNhsNumber(value)} is one digit repeated, which is never a real NHS number — check it against the patient's record.`,
  nhsScientific: (raw: string) =>
    `Excel has turned this NHS number into ${raw}; format the column as text and export again.`,
  nhsDecimal: (raw: string) =>
    `Excel has turned this NHS number into a decimal (${raw}); format the column as text and export again.`,
  nhsLength: (raw: string, digits: number) =>
    digits === 9
      ? `NHS number ${quote(raw)} has 9 digits, not 10 — Excel may have dropped a leading zero; format the column as text and export again.`
      : `NHS number ${quote(raw)} is not 10 digits.`,
  nhsCharacters: (raw: string) => `NHS number ${quote(raw)} should contain only digits.`,
  noIdentifier:
    'The row has neither an NHS number nor a local patient identifier, so the patient cannot be identified.',
  localTooLong: (length: number) =>
    `The local patient identifier is ${count(length)} characters long; at most ${fieldLimits.localPatientIdentifier} are allowed.`,
  localScientific: (raw: string) =>
    `Excel has turned this local patient identifier into ${raw}; format the column as text and export again.`,
  localDecimal: (raw: string) =>
    `Excel has turned this local patient identifier into a decimal (${raw}); format the column as text and export again.`,
  duplicate: (firstRow: number, identity: string) =>
    `The same patient pathway (${identity}) is already in row ${count(firstRow)}: remove one of them.`,
  cellTooLong: (label: string, limit: number) => `${label} is longer than ${count(limit)} characters.`,
  badCharacter: (label: string) =>
    `${label} contains a character that cannot be read (a control character, NUL byte or broken character): retype it.`,
  /** A result no living patient can have (LabSpec.possibleMin–possibleMax): a mistake of the laboratory system or the extract. */
  impossibleResult: (label: string, raw: string, value: number, unit: string, min: number, max: number) =>
    `${label} result ${quote(raw)} (${value} ${unit}) is not a possible value: a patient's result is between ${min} and ${max} ${unit}. Check it in the laboratory system.`,
  tooManyColumns: (columns: number, limit: number) =>
    `The row has ${count(columns)} cells; at most ${count(limit)} are allowed.`,
  rowTooLong:
    'The row is far too long to be a patient record (an unclosed quote mark may have swallowed the lines after it).',
  // Dates.
  dateNotReal: (label: string, raw: string) => `${label} ${raw} is not a real date.`,
  dateFormat: (label: string, raw: string) =>
    `${label} ${quote(raw)} is not a date we can read: use DD/MM/YYYY (for example 31/01/2024).`,
  dateMonthFirst: (label: string, raw: string) =>
    `${label} ${raw} is not a real date: dates must be day first (DD/MM/YYYY), and this one looks month first.`,
  datePlaceholder: (label: string, raw: string) =>
    `${label} ${raw} is a placeholder, not a real date: leave it blank if it is not known.`,
  dateTooOld: (label: string, raw: string) => `${label} ${raw} is before 1900, so it cannot be right.`,
  dateTwoDigitYear: (label: string, raw: string) =>
    `${label} ${raw} has a two-digit year, which could be either century: give the year in full (DD/MM/YYYY).`,
  dateSerial: (label: string, raw: string) =>
    `${label} ${raw} looks like an Excel date number; format the column as a date (DD/MM/YYYY) and export again.`,
  dobFuture: (raw: string) => `Date of birth ${raw} is in the future.`,
  dobTooOld: (raw: string) => `Date of birth ${raw} gives an age over 110 years: check it.`,
  tciBeforeReferral: (tci: string, referral: string) =>
    `TCI date ${tci} is before the referral date ${referral}.`,
  sampleFuture: (raw: string) => `Sample date ${raw} is in the future.`,
  sampleMissing: 'The sample date is missing, so this result cannot be compared with others for the patient.',
  // Codes.
  sex: (raw: string) =>
    `Sex ${quote(raw)} is not recognised: use M or F (or 1 male, 2 female), or leave it blank if not known.`,
  ethnic: (raw: string) =>
    `Ethnic category ${quote(raw)} is not an NHS ethnic category code (A–H, J–N, P, R, S, Z or 99).`,
  smoking: (raw: string) =>
    `Smoking ${quote(raw)} is not recognised: use 1 current smoker, 2 ex-smoker, 3 non-smoker (history unknown), 4 never smoked, 9 unknown or Z not stated.`,
  readiness: (raw: string) =>
    `Surgery readiness ${quote(raw)} is not recognised: use Not ready, Requires review or Ready.`,
  social: (raw: string) =>
    `Social ${quote(raw)} is not recognised: use No social concerns, Social review required or Social concerns.`,
  priority: (raw: string) =>
    `Priority ${quote(raw)} is not recognised: use P1a, P1b, P2, P3, P4, P5 or P6 (1a, p2 and P 3 are read too).`,
  yesNo: (label: string, raw: string) =>
    `${label} ${quote(raw)} is not recognised: use 1 (yes), 0 (no), or leave it blank if not known.`,
  number: (label: string, raw: string) => `${label} ${quote(raw)} is not a number.`,
  height: (raw: string) => `Height ${raw} cm is outside 1–250 cm.`,
  weight: (raw: string) => `Weight ${raw} kg is outside 1–300 kg.`,
  surgeonTooLong: (length: number) =>
    `The consultant surgeon's name is ${count(length)} characters long; at most ${fieldLimits.surgeonName} are allowed.`,
  operation: (raw: string) =>
    `Operation type ${quote(raw)} is not recognised: use knee, hip or knee-hip, or an OPCS-4 code (W37–W42, W46–W48, W93–W95, O18).`,
  operationMismatch: (operation: string, procedure: string) =>
    `Operation type ${operation} does not match the procedure chosen for this upload (${procedure}).`,
  noTestName: 'The row has no test name or code.',
  // Outcomes.
  operationDateMissing: 'The date of operation is missing.',
  operationDateFuture: 'The date of operation is in the future.',
  complicationMissing: 'Complication within 90 days is missing: every operation needs Y or N.',
  requiredYesNo: (label: string, raw: string) =>
    `${label} ${quote(raw)} is not recognised: use Y or N (Yes or No, 1 or 0, True or False).`,
  complicationTypeTooLong: (length: number, limit: number) =>
    `The complication type is ${count(length)} characters long; at most ${count(limit)} are allowed.`,
  lengthOfStay: (raw: string) =>
    `Length of stay ${quote(raw)} is not a number of days: write it as a number, like 3 or 3.5.`,
  lengthOfStayNegative: 'The length of stay cannot be negative.',
} as const;
