import { PickleError } from '../errors.js';

/** Bounds on what one decode may consume. Every one is checked before the work it guards. */
export interface DecodeLimits {
  /** Size of the file as uploaded (compressed or not). */
  maxInputBytes: number;
  /** Size of a joblib-compressed file once inflated. */
  maxInflatedBytes: number;
  /** Bytes allocated for all numpy arrays together (declared shape x itemsize, checked first). */
  maxArrayBytes: number;
  /** Entries in the pickle memo. */
  maxMemoEntries: number;
  /** Values on the unpickler stack at once. */
  maxStackDepth: number;
  /** Open MARKs at once. */
  maxMarkDepth: number;
  /** Nesting of containers and instances inside each other. */
  maxNesting: number;
  /** Wall-clock time for the whole decode. */
  timeBudgetMs: number;
}

export const DEFAULT_LIMITS: Readonly<DecodeLimits> = Object.freeze({
  maxInputBytes: 50 * 1024 * 1024,
  maxInflatedBytes: 256 * 1024 * 1024,
  maxArrayBytes: 512 * 1024 * 1024,
  maxMemoEntries: 1_000_000,
  maxStackDepth: 50_000,
  maxMarkDepth: 1_000,
  maxNesting: 200,
  timeBudgetMs: 10_000,
});

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(1)} MB`;
  if (n >= 1024) return `${(n / 1024).toFixed(1)} kB`;
  return `${n} bytes`;
}

/** Shared by a pickle and the pickles nested in it (joblib object arrays). */
export class Budget {
  readonly limits: DecodeLimits;
  private arrayBytes = 0;
  private readonly deadline: number;

  constructor(limits: DecodeLimits) {
    this.limits = limits;
    this.deadline = performance.now() + limits.timeBudgetMs;
  }

  allocate(bytes: number, what: string): void {
    if (!Number.isFinite(bytes) || bytes < 0) {
      throw new PickleError('too-large', `${what} declares an impossible size`);
    }
    this.arrayBytes += bytes;
    if (this.arrayBytes > this.limits.maxArrayBytes) {
      throw new PickleError(
        'too-large',
        `${what} would take the arrays past the ${formatBytes(this.limits.maxArrayBytes)} limit`,
      );
    }
  }

  checkTime(): void {
    if (performance.now() > this.deadline) {
      throw new PickleError(
        'too-slow',
        `Decoding took longer than the ${this.limits.timeBudgetMs} ms budget`,
      );
    }
  }
}
