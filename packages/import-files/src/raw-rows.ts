/** A row as read from the file, before any field is looked at. */
export interface RawRow {
  /** As the user sees it: CSV physical line (1-based), workbook sheet row. */
  rowNumber: number;
  cells: string[];
  /** Cells beyond the column cap, counted but not kept. */
  extraColumns: number;
  /** A CSV record too long to be a row at all (usually an unclosed quote); its cells are not kept. */
  tooLong: boolean;
}

export interface RawBatch {
  rows: RawRow[];
  /** Whether the text these rows came from may hold a NUL, control or broken character. */
  checkCharacters: boolean;
}

/** A file-level problem found while reading: the parsers turn it into a FAILED outcome. */
export class ImportFileError extends Error {
  constructor(readonly userMessage: string) {
    super(userMessage);
    this.name = 'ImportFileError';
  }
}
