import { describe, expect, it, vi } from 'vitest';
import { PrincipalCache } from './principal-cache.js';
import type { Principal } from './identity.js';

const principal = (userId: string): Principal => ({
  userId,
  firstName: 'A',
  lastName: 'B',
  email: 'a@nhs.net',
  trustCode: 'RAN',
  trustName: 'Trust',
  roles: ['cl'],
});

describe('principal cache', () => {
  it('holds nothing until it can hear invalidations', () => {
    const cache = new PrincipalCache();
    cache.set('k', principal('u1'));
    expect(cache.get('k')).toBeUndefined();
    cache.setListening(true);
    cache.set('k', principal('u1'));
    expect(cache.get('k')?.userId).toBe('u1');
  });

  it('drops one user, or everyone on a trust change', () => {
    const cache = new PrincipalCache();
    cache.setListening(true);
    cache.set('a', principal('u1'));
    cache.set('b', principal('u2'));
    cache.invalidate('u1');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeDefined();
    cache.invalidate('*');
    expect(cache.get('b')).toBeUndefined();
  });

  it('forgets everything when the listener is lost', () => {
    const cache = new PrincipalCache();
    cache.setListening(true);
    cache.set('a', principal('u1'));
    cache.setListening(false);
    expect(cache.get('a')).toBeUndefined();
  });

  it('expires entries after the time to live', () => {
    vi.useFakeTimers();
    const cache = new PrincipalCache(1000);
    cache.setListening(true);
    cache.set('a', principal('u1'));
    vi.advanceTimersByTime(1001);
    expect(cache.get('a')).toBeUndefined();
    vi.useRealTimers();
  });
});
