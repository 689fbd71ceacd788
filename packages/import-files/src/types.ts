import type { ProcedureCode } from '@esr/contracts/procedures';

// docs/requirements.md §3 remodel record: the 18 comorbidity flags and the 9 laboratory values, in the spec's order.
export {
  comorbidityFields as comorbidityCodes,
  labFields as labCodes,
  type ComorbidityField as ComorbidityCode,
  type LabField as LabCode,
} from '@esr/contracts/remodel';
import type { ComorbidityField as ComorbidityCode, LabField as LabCode } from '@esr/contracts/remodel';

export type Readiness = 'not_ready' | 'requires_review' | 'ready';
export type Social = 'no_social_concerns' | 'social_review_required' | 'social_concerns';
export type SmokingCode = '1' | '2' | '3' | '4' | '9' | 'Z';

export interface ImportLimits {
  maxFileBytes: number;
  maxRows: number;
  maxColumns: number;
  maxCellChars: number;
  maxUnzippedBytes: number;
  maxZipEntries: number;
  maxCompressionRatio: number;
  /** An xlsx's shared-string table is held in memory whole, so it has a cap of its own. */
  maxSharedStringsBytes: number;
  /** Per-row warnings of one kind after which the rest are counted into one summary warning. */
  maxWarningsPerKind: number;
}

export const defaultImportLimits: ImportLimits = {
  maxFileBytes: 50 * 1024 * 1024,
  maxRows: 2_000_000,
  maxColumns: 200,
  maxCellChars: 2_000,
  maxUnzippedBytes: 1024 * 1024 * 1024,
  maxZipEntries: 10_000,
  maxCompressionRatio: 200,
  maxSharedStringsBytes: 128 * 1024 * 1024,
  maxWarningsPerKind: 1_000,
};

export interface ImportInput {
  bytes: Uint8Array;
  fileName: string;
}

/** One problem with a row. `field` is our field key (e.g. 'nhsNumber', 'dateOfBirth', 'hfl', 'haemoglobin'), or null when the problem is the row as a whole (e.g. a duplicate). */
export interface RowIssue {
  field: string | null;
  message: string;
}

/** A blocking row: it will not be imported. rowNumber is the row the user sees in their spreadsheet program (CSV: the physical line number, 1-based, counting the header and banner lines; XLSX/XLS: the sheet row number). values: the row's raw cells keyed by our field key (unknown columns left out), each cut to 100 characters. */
export interface InvalidRow {
  rowNumber: number;
  errors: RowIssue[];
  values: Record<string, string>;
}

/** A non-blocking problem (rowNumber null for file-level warnings). */
export interface RowWarning {
  rowNumber: number | null;
  field: string | null;
  message: string;
}

/**
 * The warnings of one kind, counted in full (the cap on warnings kept one by one aside): `message`
 * says what they are in words, with the count; a warning of no kind is a group of its own words.
 */
export interface WarningGroup {
  kind: string;
  field: string | null;
  count: number;
  message: string;
}

export interface WaitingListRecord {
  /** 10 digits, no spaces. */
  nhsNumber: string | null;
  /** At most 30 characters. */
  localPatientIdentifier: string | null;
  firstName: string | null;
  lastName: string | null;
  /** YYYY-MM-DD. */
  dateOfBirth: string | null;
  sex: 'M' | 'F' | null;
  /** The first character of A-H, J-N, P, R, S, Z, or '99'. */
  ethnicGroup: string | null;
  /** Centimetres. */
  height: number | null;
  /** Kilograms. */
  weight: number | null;
  smoking: SmokingCode | null;
  operationType: ProcedureCode;
  /**
   * The operation as the file writes it (an OPCS-4 code or words), trimmed, at most 100 characters,
   * for the model's population rule; null when blank.
   */
  operation: string | null;
  /** YYYY-MM-DD: the file's, or its clock start when it has no referral date column (decision 0044). */
  referralDate: string | null;
  /** YYYY-MM-DD: the RTT clock start, the file's, or else the referral date (decision 0044). */
  clockStart: string | null;
  /** YYYY-MM-DD. */
  tciDate: string | null;
  /** At most 30 characters. */
  surgeonName: string | null;
  /** P1a, P1b, P2 … P6. */
  priority: string | null;
  /** YYYY-MM-DD: when the priority was set, the file's, or else the clock start (decision 0044). */
  priorityDate: string | null;
  /** YYYY-MM-DD: the last validation the file records, or null. */
  lastValidatedOn: string | null;
  surgery: Readiness | null;
  social: Social | null;
  comorbidities: Record<ComorbidityCode, 0 | 1 | null>;
}

export interface WaitingListRow {
  rowNumber: number;
  record: WaitingListRecord;
}

export interface BloodTestPatient {
  nhsNumber: string | null;
  localPatientIdentifier: string | null;
  /** In the spec's units (g/L, 10^9/L, mmol/L, µmol/L, ml/min, mg/L). */
  results: Partial<Record<LabCode, number>>;
  /** YYYY-MM-DD of the result used (latest sample wins). */
  sampleDates: Partial<Record<LabCode, string>>;
  /** Source rows that gave the results used. */
  rowNumbers: number[];
}

export interface RowBatch<T> {
  rows: T[];
  invalidRows: InvalidRow[];
  warnings: RowWarning[];
}

export type FileStatus = 'VALIDATED' | 'VALIDATED_WITH_ERRORS' | 'FAILED';

export interface FileOutcome {
  status: FileStatus;
  /** The file-level reason when FAILED, in plain English. */
  error: string | null;
  /** File-level errors (FAILED); error is baseErrors[0]. */
  baseErrors: string[];
  /** Missing required columns (by their template header name), unexpected columns (as the file wrote them). */
  diffHeaders: { missing: string[]; unexpected: string[] };
  /** rows = data rows read (valid + invalid). */
  totals: { rows: number; valid: number; invalid: number; warnings: number };
  /** Every warning counted by kind, most frequent first (absent when the file failed early). */
  warningGroups?: WarningGroup[];
  format: 'csv' | 'xlsx' | 'xls' | null;
  /** Blood tests. */
  layout?: 'long' | 'wide';
  /** Blood tests: patients with at least one usable result. */
  patients?: number;
  /** Where the header was found: the sheet (XLSX/XLS) and its row number as the user sees it. */
  sheetName?: string | null;
  headerRowNumber?: number | null;
  /** CSV only: how the text was read. */
  encoding?: 'utf-8' | 'windows-1252' | 'utf-16le' | 'utf-16be';
  delimiter?: ',' | ';' | '\t' | '|';
}
