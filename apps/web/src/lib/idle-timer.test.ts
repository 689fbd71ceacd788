import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lastActivityKey, startIdleTimer } from './idle-timer';

function setup(timeoutMs = 900_000) {
  const data = new Map<string, string>();
  const storage = {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
  const listeners = new Map<string, () => void>();
  const target = {
    addEventListener: (name: string, fn: () => void) => void listeners.set(name, fn),
    removeEventListener: (name: string) => void listeners.delete(name),
  };
  const onIdle = vi.fn();
  const stop = startIdleTimer({ timeoutMs, onIdle, storage, target: target as never });
  return { data, storage, listeners, onIdle, stop };
}

describe('idle logout (docs/requirements.md §4, §9: 15 minutes, across tabs, no prompt)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fires once after the timeout without activity', () => {
    const { onIdle, stop } = setup();
    vi.advanceTimersByTime(899_000);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
    stop();
  });

  it('activity resets the timer', () => {
    const { onIdle, listeners, stop } = setup();
    vi.advanceTimersByTime(800_000);
    listeners.get('keydown')!();
    vi.advanceTimersByTime(800_000);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(101_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
    stop();
  });

  it('activity in another tab (shared storage) keeps this tab signed in', () => {
    const { onIdle, data, stop } = setup();
    vi.advanceTimersByTime(800_000);
    data.set(lastActivityKey, String(Date.now()));
    vi.advanceTimersByTime(800_000);
    expect(onIdle).not.toHaveBeenCalled();
    stop();
  });

  it('throttles activity writes to one per 200 ms', () => {
    const { listeners, data, stop } = setup();
    const first = data.get(lastActivityKey);
    vi.advanceTimersByTime(100);
    listeners.get('mousemove')!();
    expect(data.get(lastActivityKey)).toBe(first);
    vi.advanceTimersByTime(150);
    listeners.get('mousemove')!();
    expect(Number(data.get(lastActivityKey))).toBeGreaterThan(Number(first));
    stop();
  });
});
