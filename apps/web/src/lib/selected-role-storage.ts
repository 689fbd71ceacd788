import type { GuardRole } from '@esr/contracts/roles';
import { isKnownRole } from './roles';

export const selectedRoleKey = 'currentSelectedRole';

/** docs/requirements.md §3: restored at start only if it is a known role value. */
export function readSelectedRole(storage: Pick<Storage, 'getItem'>): GuardRole | null {
  const value = storage.getItem(selectedRoleKey);
  return isKnownRole(value) ? value : null;
}

/** docs/requirements.md §3: setting it to empty removes it. */
export function writeSelectedRole(
  storage: Pick<Storage, 'setItem' | 'removeItem'>,
  role: GuardRole | '' | null,
): void {
  if (!role) storage.removeItem(selectedRoleKey);
  else storage.setItem(selectedRoleKey, role);
}
