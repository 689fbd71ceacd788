/** Written when a tab signs out; every other tab of the origin hears it through a storage event. */
export const signedOutKey = 'signedOutAt';

/** Tells the other tabs that this one is signing out (shared ward computers: one sign-out, all tabs). */
export function announceSignOut(storage: Pick<Storage, 'setItem'>, now: () => number = Date.now): void {
  storage.setItem(signedOutKey, String(now()));
}

/** Calls `onSignedOut` when another tab announces a sign-out; returns how to stop listening. */
export function onSignOutElsewhere(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'>,
  onSignedOut: () => void,
): () => void {
  const listener = (event: StorageEvent) => {
    if (event.key === signedOutKey && event.newValue) onSignedOut();
  };
  target.addEventListener('storage', listener);
  return () => target.removeEventListener('storage', listener);
}
