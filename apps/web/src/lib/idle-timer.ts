export const lastActivityKey = 'lastActivity';
const activityEvents = [
  'mousemove',
  'mousedown',
  'keydown',
  'wheel',
  'touchstart',
  'scroll',
  'focus',
] as const;

export interface IdleTimerOptions {
  timeoutMs: number;
  onIdle: () => void;
  /** Shared by every tab of the origin, so activity anywhere keeps all tabs signed in (docs/requirements.md §4). */
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  target: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  now?: () => number;
  /** docs/requirements.md §9: activity events are throttled to one every 200 ms. */
  throttleMs?: number;
  checkEveryMs?: number;
}

/** Logs out after a period without activity in any tab; no warning prompt (docs/requirements.md §4). */
export function startIdleTimer({
  timeoutMs,
  onIdle,
  storage,
  target,
  now = Date.now,
  throttleMs = 200,
  checkEveryMs = 1000,
}: IdleTimerOptions) {
  let lastWrite = 0;
  let fired = false;
  const record = () => {
    const time = now();
    if (time - lastWrite < throttleMs) return;
    lastWrite = time;
    storage.setItem(lastActivityKey, String(time));
  };
  const lastActivity = () => Number(storage.getItem(lastActivityKey)) || 0;
  record();
  const check = () => {
    if (!fired && now() - lastActivity() >= timeoutMs) {
      fired = true;
      onIdle();
    }
  };
  activityEvents.forEach((name) => target.addEventListener(name, record, { passive: true }));
  const interval = setInterval(check, Math.min(checkEveryMs, timeoutMs));
  return () => {
    clearInterval(interval);
    activityEvents.forEach((name) => target.removeEventListener(name, record));
  };
}
