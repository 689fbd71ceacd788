/**
 * docs/requirements.md §9: a screen's code that has not arrived after 120 seconds has failed to load. The browser
 * gives a module request no time limit of its own, so a stalled connection would otherwise leave
 * 'Loading data' on the screen for good.
 */
export const chunkLoadTimeoutMs = 120_000;

/** A screen's code could not be loaded: the network failed, the server refused, or it took too long. */
export class ChunkLoadError extends Error {
  constructor(
    readonly timedOut: boolean,
    options?: { cause?: unknown },
  ) {
    super(timedOut ? 'The page took too long to load' : 'The page could not be loaded', options);
    this.name = 'ChunkLoadError';
  }
}

/** The load, failing with a ChunkLoadError when it fails or has not finished within `timeoutMs`. */
export function loadWithin<T>(load: () => Promise<T>, timeoutMs = chunkLoadTimeoutMs): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(true)), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(false, { cause: error }));
      },
    );
  });
}

export interface Loader<T> {
  (): Promise<T>;
  /** After a failure, lets the next call load again; a load on its way or done is kept. */
  retry(): void;
}

/**
 * One load shared by every caller while it is on its way or done: a rendering screen must get the
 * same promise each time. A failure is kept until `retry` (a user's Try again): loading again at
 * once would have the screen that failed ask for its code over and over.
 */
export function loadOnce<T>(load: () => Promise<T>): Loader<T> {
  let pending: Promise<T> | null = null;
  let failed = false;
  const get = () => {
    if (!pending) {
      failed = false;
      pending = load();
      pending.catch(() => (failed = true));
    }
    return pending;
  };
  return Object.assign(get, {
    retry: () => {
      if (failed) pending = null;
    },
  });
}
