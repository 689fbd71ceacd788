import { BloodLineReader } from './blood-line-reader.js';
import type { PatientResults } from './blood-test-patients.js';
import { specs } from './blood-test-results.js';
import { CsvLines } from './csv-lines.js';
import type { CsvBytes } from './csv-lines.js';
import {
  bloodLongHeaderTable,
  headerKindScores,
  identifierEither,
  labHeaderTable,
  mapHeader,
} from './headers.js';
import type { ColumnMapping, LabSpec } from './headers.js';
import { fileMessages, warningMessages } from './messages.js';
import { failedOutcome, finalOutcome, Output, warningList } from './output.js';
import { ImportFileError } from './raw-rows.js';
import { openTable, tablePlace } from './table.js';
import type { OpenedTable } from './table.js';
import { defaultImportLimits } from './types.js';
import type { BloodTestPatient, FileOutcome, ImportInput, ImportLimits, RowBatch } from './types.js';

// The apps read a file's patients from here (PatientResults lives in blood-test-patients.ts).
export { PatientResults } from './blood-test-patients.js';

export interface BloodTestOptions {
  /** YYYY-MM-DD: sample dates after it are refused. */
  today: string;
  limits?: Partial<ImportLimits>;
  /**
   * Whether a long CSV extract's simple lines are read straight from its bytes (the default). Off,
   * every row goes through the tokenizer: the tests compare the two ways.
   */
  fromBytes?: boolean;
}

/**
 * Reads a blood-test upload (docs/requirements.md §5): long format (one row per result, as pathology extracts come)
 * or wide (one row per patient, a column per test), told apart by the header. Invalid rows and
 * warnings are yielded as the file is read; the patients, with the latest result of each test, at
 * the end. A file-level problem ends it with status FAILED; it never throws for a bad file.
 */
export async function* parseBloodTests(
  input: ImportInput,
  options: BloodTestOptions,
): AsyncGenerator<RowBatch<BloodTestPatient>, FileOutcome> {
  const reading = readBloodTests(input, options);
  for (;;) {
    const step = await reading.next();
    if (!step.done) {
      yield step.value;
      continue;
    }
    const { outcome, patients } = step.value;
    let rows: BloodTestPatient[] = [];
    for (let index = 0; patients !== null && index < patients.count; index++) {
      const patient = patients.toPatient(index);
      if (!patient) continue;
      rows.push(patient);
      if (rows.length >= 1000) {
        yield { rows, invalidRows: [], warnings: [] };
        rows = [];
      }
    }
    if (rows.length > 0) yield { rows, invalidRows: [], warnings: [] };
    return outcome;
  }
}

export interface BloodTestsRead {
  outcome: FileOutcome;
  /** Every patient's latest results (some may have none); null when the file failed. */
  patients: PatientResults | null;
}

/** What a blood-test file's header says of it: its columns, and whether it is long or wide. */
interface BloodLayout {
  mapping: ColumnMapping;
  labColumns: LabSpec[];
  long: boolean;
  layout: 'long' | 'wide';
  diffHeaders: { missing: string[]; unexpected: string[] };
}

/** The header's layout, or the file's failed outcome when the header cannot be read. */
function bloodLayout(
  table: OpenedTable,
  limits: ImportLimits,
): { ok: true; layout: BloodLayout } | { ok: false; outcome: FileOutcome } {
  const format = table.format;
  const where = tablePlace(table);
  const mapping = mapHeader(table.header.cells, [bloodLongHeaderTable, labHeaderTable]);
  const columns = mapping.columns;
  const hasIdentifier = columns.has('nhsNumber') || columns.has('localPatientIdentifier');
  const labColumns = specs.filter((s) => columns.has(s.key));
  const long =
    columns.has('testName') || columns.has('testCode') || columns.has('result') || labColumns.length === 0;
  const layout: 'long' | 'wide' = long ? 'long' : 'wide';
  const missing: string[] = [];
  if (!hasIdentifier) missing.push(identifierEither);
  if (long) {
    if (!columns.has('testName') && !columns.has('testCode')) missing.push('Test Name');
    if (!columns.has('result')) missing.push('Result');
    if (!columns.has('sampleDate')) missing.push('Sample Date');
  }
  const diffHeaders = { missing, unexpected: mapping.unexpected };
  if (table.header.extraColumns > 0) {
    return {
      ok: false,
      outcome: failedOutcome(
        fileMessages.headerTooWide(table.header.cells.length + table.header.extraColumns, limits.maxColumns),
        format,
        { diffHeaders, layout, ...where },
      ),
    };
  }
  if (missing.length > 0) {
    const kinds = headerKindScores(table.header.cells);
    const error =
      kinds.waitingList >= 2 && kinds.waitingList > kinds.blood
        ? fileMessages.waitingListInBlood
        : fileMessages.missingColumns(missing);
    return { ok: false, outcome: failedOutcome(error, format, { diffHeaders, layout, ...where }) };
  }
  return { ok: true, layout: { mapping, labColumns, long, layout, diffHeaders } };
}

/**
 * `parseBloodTests` with the patients handed over as one table instead of an object each: for a
 * reader that writes 100,000 patients' results out at once.
 */
export async function* readBloodTests(
  input: ImportInput,
  options: BloodTestOptions,
): AsyncGenerator<RowBatch<never>, BloodTestsRead> {
  const failed = (outcome: FileOutcome): BloodTestsRead => ({ outcome, patients: null });
  const limits: ImportLimits = { ...defaultImportLimits, ...options.limits };
  const opened = await openTable(input, limits);
  if (!opened.ok) {
    return failed(
      failedOutcome(
        opened.error === fileMessages.noHeader ? fileMessages.noHeaderBlood : opened.error,
        opened.format,
      ),
    );
  }
  const table = opened.table;
  const format = table.format;
  const where = tablePlace(table);
  const header = bloodLayout(table, limits);
  if (!header.ok) return failed(header.outcome);
  const { mapping, labColumns, long, layout, diffHeaders } = header.layout;

  const output = new Output<never>(limits.maxWarningsPerKind);
  warningList(table.warnings, output);
  for (const { used, ignored } of mapping.duplicates)
    output.warn(null, null, warningMessages.duplicateColumn(used, ignored));
  const reader = new BloodLineReader(
    mapping.columns,
    mapping.units,
    labColumns,
    long,
    options.today,
    limits,
    table.spreadsheet,
  );
  try {
    const csvBytes = long && options.fromBytes !== false ? table.csvBytes : undefined;
    yield* readRows(table, reader, output, limits, csvBytes);
  } catch (error) {
    if (error instanceof ImportFileError) {
      return failed(
        failedOutcome(error.userMessage, format, {
          diffHeaders,
          layout,
          totals: output.totals,
          ...where,
        }),
      );
    }
    throw error;
  }
  for (const [name, count] of reader.unknownTests)
    output.warn(null, 'testName', warningMessages.unknownTest(name, count));
  output.finishWarnings();
  if (output.pending) yield output.take();
  const patients = reader.results;
  return {
    outcome: finalOutcome(output, format, {
      diffHeaders,
      layout,
      patients: patients.withResults(),
      ...where,
    }),
    patients,
  };
}

/** Every row of the table through the reader, yielding the output whenever it fills. */
async function* readRows(
  table: OpenedTable,
  reader: BloodLineReader,
  output: Output<never>,
  limits: ImportLimits,
  csvBytes: CsvBytes | undefined,
): AsyncGenerator<RowBatch<never>, void> {
  if (csvBytes) {
    // Most rows straight from the bytes (csv-lines.ts); the rest as every other file's rows are.
    await table.rows.return(undefined);
    const lines = new CsvLines(csvBytes);
    for (;;) {
      const next = lines.next();
      if (next === 'end') break;
      if (next === 'line') {
        if (!reader.readLine(lines, output)) reader.read(lines.rawRow(), true, output);
      } else {
        for (const row of lines.rows) reader.read(row, true, output);
      }
      if (output.full) yield output.take();
      if (output.rows > limits.maxRows) throw new ImportFileError(fileMessages.tooManyRows(limits.maxRows));
    }
  } else {
    for await (const batch of table.rows) {
      for (const row of batch.rows) {
        reader.read(row, batch.checkCharacters, output);
        if (output.full) yield output.take();
      }
      if (output.rows > limits.maxRows) throw new ImportFileError(fileMessages.tooManyRows(limits.maxRows));
    }
  }
}
