import { describe, expect, it } from 'vitest';
import { readSelectedRole, selectedRoleKey, writeSelectedRole } from './selected-role-storage';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

describe('currentSelectedRole storage (docs/requirements.md §3)', () => {
  it('stores the role under currentSelectedRole', () => {
    const storage = memoryStorage();
    writeSelectedRole(storage, 'Clinician');
    expect(storage.data.get(selectedRoleKey)).toBe('Clinician');
    expect(selectedRoleKey).toBe('currentSelectedRole');
  });
  it('restores a known role', () => {
    expect(readSelectedRole(memoryStorage({ currentSelectedRole: 'TrustAdmin' }))).toBe('TrustAdmin');
  });
  it('ignores an unknown value', () => {
    expect(readSelectedRole(memoryStorage({ currentSelectedRole: 'Surgeon' }))).toBeNull();
    expect(readSelectedRole(memoryStorage())).toBeNull();
  });
  it('removes the key when set to empty', () => {
    const storage = memoryStorage({ currentSelectedRole: 'Clinician' });
    writeSelectedRole(storage, '');
    expect(storage.data.has(selectedRoleKey)).toBe(false);
  });
});
