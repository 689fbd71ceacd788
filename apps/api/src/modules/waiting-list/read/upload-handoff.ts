/**
 * Uploads this process is reading for its own validation jobs (decisions 0029, 0031): the process
 * that receives an upload starts reading its files on the sandbox threads while it stores them,
 * instead of its validation job reading back from the database, once the upload is committed and
 * queued, the 50 MB just written. Bounded by size and age, and taken once. A job that runs in
 * another process (the separate worker), after a restart, or after the reading was let go here,
 * reads the stored files as before. What is taken must carry the checksums the batch row stored.
 */
import type { ReceivedUpload } from './import-reading.js';

/** The SHA-256 of each file, as the batch row stores them. */
export interface FileChecksums {
  waitingListSha256: string;
  bloodTestSha256: string;
}

/** What the handoff holds for a batch: a reading of its files, stopped when it is let go. */
export interface HeldReading {
  abandon(): void;
}

interface Entry<TReading> {
  reading: TReading;
  checksums: FileChecksums;
  bytes: number;
  expiry: NodeJS.Timeout;
}

export interface UploadHandoffLimits {
  /** At most this many bytes are read ahead at once; an upload that would pass it is not. */
  maxBytes: number;
  /** A reading not taken within this time is stopped (the job reads the stored files). */
  maxAgeMs: number;
}

/**
 * A job normally takes its reading within milliseconds of the upload (the queue wakes this process's
 * worker at once). Validations run one at a time, so one queued earlier that waits for the import
 * lane while a later upload's reading holds it waits, at worst, until that reading is let go.
 */
export const defaultHandoffLimits: UploadHandoffLimits = { maxBytes: 128 * 1024 * 1024, maxAgeMs: 15_000 };

export class UploadHandoff<TReading extends HeldReading = HeldReading> {
  readonly #entries = new Map<string, Entry<TReading>>();
  #bytes = 0;

  constructor(
    /** Starts reading an upload, or gives none when it could not start at once. */
    private readonly start: (upload: ReceivedUpload) => TReading | null,
    private readonly limits: UploadHandoffLimits = defaultHandoffLimits,
  ) {}

  /** Starts reading an upload's files, with the checksums its batch row stores; returns whether it did. */
  keep(upload: ReceivedUpload, checksums: FileChecksums): boolean {
    const bytes = upload.waitingList.bytes.length + upload.bloodTest.bytes.length;
    if (this.#bytes + bytes > this.limits.maxBytes) return false;
    const reading = this.start(upload);
    if (!reading) return false;
    const expiry = setTimeout(() => this.letGo(upload.batchId), this.limits.maxAgeMs);
    expiry.unref();
    this.#entries.set(upload.batchId, { reading, checksums, bytes, expiry });
    this.#bytes += bytes;
    return true;
  }

  /** The batch's reading, if this process still holds it and it reads the files the batch row names. */
  take(batchId: string, stored: FileChecksums): TReading | null {
    const entry = this.#forget(batchId);
    if (!entry) return null;
    const { waitingListSha256, bloodTestSha256 } = entry.checksums;
    if (waitingListSha256 === stored.waitingListSha256 && bloodTestSha256 === stored.bloodTestSha256)
      return entry.reading;
    entry.reading.abandon();
    return null;
  }

  /** Stops the batch's reading, if held: its upload was not stored, or its job did not come in time. */
  letGo(batchId: string): void {
    this.#forget(batchId)?.reading.abandon();
  }

  /** How many bytes are being read ahead now (for tests and the operations view). */
  get heldBytes(): number {
    return this.#bytes;
  }

  #forget(batchId: string): Entry<TReading> | undefined {
    const entry = this.#entries.get(batchId);
    if (!entry) return undefined;
    clearTimeout(entry.expiry);
    this.#entries.delete(batchId);
    this.#bytes -= entry.bytes;
    return entry;
  }
}
