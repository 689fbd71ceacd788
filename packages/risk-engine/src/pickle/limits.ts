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
  /**
   * Values the decoded file expands to, a value reused through the pickle memo counted again each
   * time it is used: what a walk over the result (JSON conversion, validation) would visit. A numeric
   * numpy array is one value (its bytes count against maxArrayBytes); object and string arrays count
   * their items.
   */
  maxExpandedElements: number;
  /** Characters of strings and bytes of bytes objects in the expanded result, counted the same way. */
  maxExpandedTextBytes: number;
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
  // Measured: the shipped default models (models/default/*/model.pkl, XGBoost) expand to 95 values
  // and 233 kB of text (the Booster's bytes), their wrappers to 1,067 values and 7 kB, the largest
  // test fixture to 1,325 values (gb) and 27 kB (xgb's Booster bytes); even 100,000 named features
  // would be ~200,000 values. So 5,000,000 leaves over 3,000x headroom and stops a memo-built bomb
  // of 10^13 values at the first step past it. Text is bounded at maxInflatedBytes: a file that reuses nothing cannot hold more (an
  // XGBoost Booster, or an array's raw bytes while its state is read, can be most of the file),
  // while a 1 MB string used 10,000 times is refused after 256 uses.
  maxExpandedElements: 5_000_000,
  maxExpandedTextBytes: 256 * 1024 * 1024,
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
  /** False only when a benchmark measures the decoder without the expansion limits. */
  readonly countExpansion: boolean;
  private arrayBytes = 0;
  private readonly deadline: number;

  constructor(limits: DecodeLimits, countExpansion = true) {
    this.limits = limits;
    this.countExpansion = countExpansion;
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
