import { describe, expect, it } from 'vitest';
import { announceSignOut, onSignOutElsewhere, signedOutKey } from './sign-out-broadcast';

describe('sign-out across tabs', () => {
  it('announces a sign-out with its time', () => {
    const written = new Map<string, string>();
    announceSignOut({ setItem: (key, value) => void written.set(key, value) }, () => 1_700_000_000_000);
    expect(written.get(signedOutKey)).toBe('1700000000000');
  });

  it("hears other tabs' announcements only, until it stops listening", () => {
    const target = new EventTarget();
    let heard = 0;
    const stop = onSignOutElsewhere(target as unknown as Window, () => (heard += 1));
    const storageEvent = (key: string | null, newValue: string | null) =>
      Object.assign(new Event('storage'), { key, newValue });
    target.dispatchEvent(storageEvent('currentSelectedRole', 'Clinician'));
    target.dispatchEvent(storageEvent(signedOutKey, null));
    target.dispatchEvent(storageEvent(null, null));
    expect(heard).toBe(0);
    target.dispatchEvent(storageEvent(signedOutKey, '1700000000000'));
    expect(heard).toBe(1);
    stop();
    target.dispatchEvent(storageEvent(signedOutKey, '1700000000001'));
    expect(heard).toBe(1);
  });
});
