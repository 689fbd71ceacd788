/**
 * The staged lines a list thread writes (decision 0030): UTF-8 written in place as each row is read,
 * ended with its patient's blood results, and handed to the server in parts without a copy.
 */
import type { WaitingListRecord } from '@esr/import-files/types';
import { writeStagedLineStart, type ByteSink } from '../stage/staged-record.js';
import { BufferBudgetExceeded, type TaskContext } from '../../../platform/sandbox/serve-task.js';
import type { ImportStep } from './import-batch.js';

/** Where a staged row's line end comes from: its patient's blood results (import-batch.ts). */
interface LineEnds {
  lineEnd(key: string, row: ListRowIdentity): Uint8Array;
}

/** Staged lines handed over without a copy: `takeAll` gave them a buffer of their own. */
const emitStaged = (context: TaskContext<ImportStep>, copyText: Uint8Array, rows: number) =>
  context.emit({ type: 'staged', copyText, rows }, [copyText.buffer as ArrayBuffer]);

/**
 * UTF-8 written in place as it is made (`ByteSink`): no row's text is kept on the thread's heap.
 * Its buffer lives outside that heap, so it keeps to a budget of its own.
 */
export class ByteWriter implements ByteSink {
  #buffer: Uint8Array;
  #used = 0;

  constructor(
    private readonly limitBytes = Number.POSITIVE_INFINITY,
    initialBytes = 512 * 1024,
  ) {
    this.#buffer = new Uint8Array(Math.min(limitBytes, initialBytes));
  }

  #room(bytes: number): void {
    const needed = this.#used + bytes;
    if (needed <= this.#buffer.length) return;
    if (needed > this.limitBytes) throw new BufferBudgetExceeded();
    const grown = new Uint8Array(Math.min(this.limitBytes, Math.max(needed, this.#buffer.length * 2)));
    grown.set(this.#buffer.subarray(0, this.#used));
    this.#buffer = grown;
  }

  append(bytes: Uint8Array): void {
    this.#room(bytes.length);
    this.#buffer.set(bytes, this.#used);
    this.#used += bytes.length;
  }

  get length(): number {
    return this.#used;
  }

  set length(written: number) {
    this.#used = written;
  }

  get buffer(): Uint8Array {
    return this.#buffer;
  }

  reserve(bytes: number): void {
    this.#room(bytes);
  }

  /** What was written so far, without a copy (valid until the next write). */
  view(): Uint8Array {
    return this.#buffer.subarray(0, this.#used);
  }

  /**
   * What was written, without a copy: a view of the whole buffer, which goes with it when it is
   * handed over (room not written to takes no memory). Then empty.
   */
  takeAll(nextBytes = 0): Uint8Array {
    const bytes = this.#buffer.subarray(0, this.#used);
    this.clear(nextBytes);
    return bytes;
  }

  /** Empties it, giving up its buffer for one of `nextBytes`. */
  clear(nextBytes = 0): void {
    this.#buffer = new Uint8Array(Math.min(this.limitBytes, nextBytes));
    this.#used = 0;
  }
}
/** Who a list row says its patient is, for the blood file's identity check. */
export interface ListRowIdentity {
  rowNumber: number;
  nhsNumber: string | null;
  local: string | null;
  dateOfBirth: string | null;
}

export const listRowIdentity = (rowNumber: number, record: WaitingListRecord): ListRowIdentity => ({
  rowNumber,
  nhsNumber: record.nhsNumber,
  local: record.localPatientIdentifier,
  dateOfBirth: record.dateOfBirth,
});
/** Staged rows' whole lines, handed to the server in parts of about `partBytes`. */
export class StagedLines {
  readonly #lines: ByteWriter;
  #rows = 0;

  constructor(
    private readonly context: TaskContext<ImportStep>,
    private readonly partBytes: number,
  ) {
    this.#lines = new ByteWriter(Number.POSITIVE_INFINITY, partBytes + 16 * 1024);
  }

  /** Adds a row's line, its start written before; true when a part is ready to hand over (`emit`). */
  waitingRow(start: Uint8Array, bloods: LineEnds, key: string, row: ListRowIdentity): boolean {
    this.#lines.append(start);
    return this.#end(bloods, key, row);
  }

  /** Adds a row's line as it is read; true when a part is ready to hand over (`emit`). */
  row(
    batchField: Uint8Array,
    rowNumber: number,
    record: WaitingListRecord,
    bloods: LineEnds,
    key: string,
  ): boolean {
    writeStagedLineStart(this.#lines, batchField, rowNumber, record);
    return this.#end(bloods, key, listRowIdentity(rowNumber, record));
  }

  #end(bloods: LineEnds, key: string, row: ListRowIdentity): boolean {
    this.#lines.append(bloods.lineEnd(key, row));
    this.#rows += 1;
    return this.#lines.length >= this.partBytes;
  }

  async emit(): Promise<void> {
    if (this.#rows === 0) return;
    const rows = this.#rows;
    this.#rows = 0;
    // Handed over whole, and a buffer of the same size made for the next part.
    await emitStaged(this.context, this.#lines.takeAll(this.partBytes + 16 * 1024), rows);
  }
}
