/**
 * The files of uploads this process has just stored, kept in memory for its own validation job
 * (decision 0029): the job would otherwise read back from the database, part by part, the 50 MB
 * the upload has only just written there. Bounded by size and age, and taken once. A job that runs
 * in another process (the separate worker), after a restart, or after the files were let go here,
 * reads the stored parts as before. What is taken must carry the checksums the batch row stored.
 */

export interface HandedFiles {
  waitingList: Buffer;
  bloodTest: Buffer;
}

/** The SHA-256 of each file, as the batch row stores them. */
export interface FileChecksums {
  waitingListSha256: string;
  bloodTestSha256: string;
}

interface Entry {
  files: HandedFiles;
  checksums: FileChecksums;
  bytes: number;
  keptAt: number;
}

export interface UploadHandoffLimits {
  /** At most this many bytes are kept at once; an upload that would pass it is not kept. */
  maxBytes: number;
  /** Files not taken within this time are let go (the job reads them from the database). */
  maxAgeMs: number;
}

export const defaultHandoffLimits: UploadHandoffLimits = { maxBytes: 128 * 1024 * 1024, maxAgeMs: 60_000 };

export class UploadHandoff {
  readonly #entries = new Map<string, Entry>();
  #bytes = 0;

  constructor(
    private readonly limits: UploadHandoffLimits = defaultHandoffLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** Keeps an upload's files once they are committed, with their stored checksums; returns whether they were kept. */
  keep(batchId: string, files: HandedFiles, checksums: FileChecksums): boolean {
    this.#letGoExpired();
    const bytes = files.waitingList.length + files.bloodTest.length;
    if (this.#bytes + bytes > this.limits.maxBytes) return false;
    this.#entries.set(batchId, { files, checksums, bytes, keptAt: this.now() });
    this.#bytes += bytes;
    return true;
  }

  /** The batch's files, if this process still holds them and they are the ones the batch row names. */
  take(batchId: string, stored: FileChecksums): HandedFiles | null {
    this.#letGoExpired();
    const entry = this.#entries.get(batchId);
    if (!entry) return null;
    this.#forget(batchId, entry);
    const { waitingListSha256, bloodTestSha256 } = entry.checksums;
    if (waitingListSha256 !== stored.waitingListSha256 || bloodTestSha256 !== stored.bloodTestSha256)
      return null;
    return entry.files;
  }

  /** How many bytes are held now (for tests and the operations view). */
  get heldBytes(): number {
    return this.#bytes;
  }

  #forget(batchId: string, entry: Entry): void {
    this.#entries.delete(batchId);
    this.#bytes -= entry.bytes;
  }

  #letGoExpired(): void {
    const oldest = this.now() - this.limits.maxAgeMs;
    for (const [batchId, entry] of this.#entries) {
      if (entry.keptAt < oldest) this.#forget(batchId, entry);
    }
  }
}
