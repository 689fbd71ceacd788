import {
  headerKindScores,
  identifierEither,
  mapHeader,
  waitingListColumns,
  waitingListHeaderTable,
} from './headers.js';
import { fileMessages, warningMessages } from './messages.js';
import { failedOutcome, finalOutcome, Output, warningList } from './output.js';
import { ImportFileError } from './raw-rows.js';
import { openTable, tablePlace } from './table.js';
import { defaultImportLimits } from './types.js';
import type { FileOutcome, ImportInput, ImportLimits, RowBatch, WaitingListRow } from './types.js';
import { labels, modelInputFields } from './waiting-list-fields.js';
import type { FieldKey } from './waiting-list-fields.js';
import { RowReader } from './waiting-list-row.js';
import type { WaitingListOptions } from './waiting-list-row.js';

export type { WaitingListOptions };

const requiredColumns = ['firstName', 'lastName', 'dateOfBirth', 'sex', 'referralDate'];
const headers = new Map(waitingListColumns.map((c) => [c.key, c.header]));

/**
 * Which required columns a header lacks, by their template names (docs/requirements.md §5 diff_headers).
 * A clock start column stands in for the referral date (decision 0044): WLMDS extracts have only the
 * RTT period start.
 */
function missingColumns(columns: Map<string, number>): string[] {
  const missing: string[] = [];
  if (!columns.has('nhsNumber') && !columns.has('localPatientIdentifier')) missing.push(identifierEither);
  for (const key of requiredColumns) {
    if (key === 'referralDate' && columns.has('clockStart')) continue;
    if (!columns.has(key)) missing.push(headers.get(key)!);
  }
  return missing;
}

/**
 * Reads a waiting-list upload (docs/requirements.md §5): one row per patient pathway, CSV, XLSX or XLS. Yields
 * batches of about 1,000 valid rows, invalid rows and warnings as it reads, and returns the outcome.
 * A file-level problem ends it with status FAILED; it never throws for a bad file.
 */
export async function* parseWaitingList(
  input: ImportInput,
  options: WaitingListOptions,
): AsyncGenerator<RowBatch<WaitingListRow>, FileOutcome> {
  const limits: ImportLimits = { ...defaultImportLimits, ...options.limits };
  const opened = await openTable(input, limits);
  if (!opened.ok) return failedOutcome(opened.error, opened.format);
  const table = opened.table;
  const where = tablePlace(table);
  const format = table.format;
  const mapping = mapHeader(table.header.cells, [waitingListHeaderTable]);
  const diffHeaders = { missing: missingColumns(mapping.columns), unexpected: mapping.unexpected };
  if (table.header.extraColumns > 0) {
    return failedOutcome(
      fileMessages.headerTooWide(table.header.cells.length + table.header.extraColumns, limits.maxColumns),
      format,
      { diffHeaders, ...where },
    );
  }
  if (diffHeaders.missing.length > 0) {
    const kinds = headerKindScores(table.header.cells);
    const error =
      kinds.blood >= 2 && kinds.blood > kinds.waitingList
        ? fileMessages.bloodInWaitingList
        : fileMessages.missingColumns(diffHeaders.missing);
    return failedOutcome(error, format, { diffHeaders, ...where });
  }

  const output = new Output<WaitingListRow>(limits.maxWarningsPerKind);
  warningList(table.warnings, output);
  for (const { used, ignored } of mapping.duplicates)
    output.warn(null, null, warningMessages.duplicateColumn(used, ignored));

  // An input the active model reads that the file has no column for is one warning for the file,
  // not one for each row (decision 0057): a real extract often leaves a whole column out.
  const absentInputs = options.defaultWords
    ? modelInputFields.filter(
        (field) => options.defaultWords![field] !== undefined && !mapping.columns.has(field),
      )
    : [];
  for (const field of absentInputs)
    output.warn(
      null,
      field,
      warningMessages.absentInput(labels.get(field as FieldKey) ?? field, options.defaultWords![field]!),
      `absent:${field}`,
    );
  const reader = new RowReader(mapping.columns, options, limits, table.spreadsheet);
  try {
    for await (const batch of table.rows) {
      for (const row of batch.rows) {
        reader.read(row, batch.checkCharacters, output);
        if (output.rows > limits.maxRows) throw new ImportFileError(fileMessages.tooManyRows(limits.maxRows));
        if (output.full) yield output.take();
      }
    }
  } catch (error) {
    if (error instanceof ImportFileError) {
      return failedOutcome(error.userMessage, format, {
        diffHeaders,
        totals: output.totals,
        ...where,
      });
    }
    throw error;
  }
  output.finishWarnings();
  if (output.pending) yield output.take();
  const outcome = finalOutcome(output, format, { diffHeaders, ...where });
  return outcome;
}
