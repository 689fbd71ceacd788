import { afterAll, describe, expect, it } from 'vitest';
import { residentSandbox, ResidentSandboxBusy } from '../platform/sandbox/resident-sandbox.js';
import { SandboxFailure, sandboxTask } from '../platform/sandbox/sandbox.js';

/**
 * A resident sandbox thread (platform/sandbox/resident-sandbox.ts), as the integration clients'
 * messages use it: pieces read one after another, each within its budget; a piece that overruns,
 * throws, exhausts the heap or ends the thread costs its own refusal, and the next piece is read
 * on a new thread; the main thread is never held.
 */
const task = sandboxTask(
  'resident-probe',
  new URL('./sandbox-tasks/resident-probe.worker.js', import.meta.url),
);
const sandbox = residentSandbox<unknown, string>(task, {
  heapMb: 32,
  stackMb: 4,
  timeoutMs: 1_000,
  maxWaiting: 3,
});
afterAll(() => sandbox.close());

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(Error);
  return error as Error;
};

describe('a resident sandbox thread', () => {
  it('reads pieces one after another on one thread, in order', async () => {
    const answers = await Promise.all(['a', 'b', 'c'].map((echo) => sandbox.run({ echo })));
    expect(answers).toEqual(['echo a', 'echo b', 'echo c']);
  }, 60_000);

  it('stops a piece past its budget, keeps the main thread free meanwhile, and reads the next on a new thread', async () => {
    let ticks = 0;
    const ticking = setInterval(() => ticks++, 10);
    const started = performance.now();
    const error = await failure(sandbox.run({ spinMs: 30_000 }));
    clearInterval(ticking);
    expect(error).toBeInstanceOf(SandboxFailure);
    expect((error as SandboxFailure).reason).toBe('timeout');
    expect(performance.now() - started).toBeLessThan(5_000);
    // The main thread's timers ran throughout.
    expect(ticks).toBeGreaterThan(50);
    expect(await sandbox.run({ echo: 'after' })).toBe('echo after');
  }, 60_000);

  it('answers a piece that throws with its class name only', async () => {
    const error = await failure(sandbox.run({ throw: true }));
    expect(error).toMatchObject({ reason: 'crashed', message: 'TypeError' });
    expect(await sandbox.run({ echo: 'still' })).toBe('echo still');
  }, 60_000);

  it('loses the thread, not the server, to a piece that exhausts its heap or ends it', async () => {
    const memory = await failure(sandbox.run({ grow: true }));
    expect(memory).toBeInstanceOf(SandboxFailure);
    expect(['out-of-memory', 'crashed']).toContain((memory as SandboxFailure).reason);
    const exit = await failure(sandbox.run({ exit: true }));
    expect(exit).toMatchObject({ reason: 'crashed' });
    expect(await sandbox.run({ echo: 'again' })).toBe('echo again');
  }, 60_000);

  it('refuses pieces beyond its waiting room at once', async () => {
    const running = sandbox.run({ spinMs: 200 });
    const waiting = [1, 2, 3].map((n) => sandbox.run({ echo: String(n) }));
    const error = await failure(sandbox.run({ echo: 'one too many' }));
    expect(error).toBeInstanceOf(ResidentSandboxBusy);
    expect(await running).toBe('spun');
    expect(await Promise.all(waiting)).toEqual(['echo 1', 'echo 2', 'echo 3']);
  }, 60_000);
});
