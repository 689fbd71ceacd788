import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, chunkLoadTimeoutMs, loadOnce, loadWithin } from './chunk-load';

afterEach(() => vi.useRealTimers());

describe('loading a screen within the time limit (docs/requirements.md §9: 120 seconds)', () => {
  it('is 120 seconds', () => expect(chunkLoadTimeoutMs).toBe(120_000));

  it('gives what was loaded', async () => {
    await expect(loadWithin(() => Promise.resolve('screens'))).resolves.toBe('screens');
  });

  it('fails with a ChunkLoadError when the load fails, keeping the reason', async () => {
    const reason = new TypeError('Failed to fetch dynamically imported module');
    const error = await loadWithin(() => Promise.reject(reason)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).timedOut).toBe(false);
    expect((error as ChunkLoadError).cause).toBe(reason);
  });

  it('fails when the load has not finished in time, and not a moment before', async () => {
    vi.useFakeTimers();
    const result = loadWithin(() => new Promise(() => undefined), 1000).catch((e: unknown) => e);
    let settled = false;
    void result.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await result;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).timedOut).toBe(true);
  });
});

describe('loading once, again after a failure', () => {
  it('shares one load between callers', async () => {
    const load = vi.fn(() => Promise.resolve('screens'));
    const get = loadOnce(load);
    expect(get()).toBe(get());
    await get();
    await get();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps a failure until told to try again, then loads again', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce('screens');
    const get = loadOnce(load);
    await expect(get()).rejects.toThrow('offline');
    await expect(get()).rejects.toThrow('offline');
    expect(load).toHaveBeenCalledTimes(1);
    get.retry();
    await expect(get()).resolves.toBe('screens');
    get.retry();
    await expect(get()).resolves.toBe('screens');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
