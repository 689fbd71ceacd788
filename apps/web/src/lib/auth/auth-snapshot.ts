import { useCallback, useState } from 'react';
import type { ClientConfig, MeResponse } from '@esr/contracts/identity';
import type { GuardRole } from '@esr/contracts/roles';
import { readSelectedRole } from '../selected-role-storage';

/** docs/requirements.md §4: interaction status values of the sign-in flow. */
export type InteractionStatus =
  'startup' | 'login' | 'logout' | 'acquireToken' | 'ssoSilent' | 'handleRedirect' | 'none';

/** What the provider shows of the session at a moment: one state, so that the context follows it whole. */
export interface AuthSnapshot {
  config: ClientConfig | null;
  interactionStatus: InteractionStatus;
  loginUserDetails: MeResponse | null;
  currentSelectedRole: GuardRole | null;
  /**
   * The session was ended on purpose in this page (Log out, idle timeout, or a sign-out in another
   * tab). Guards then go to the landing page instead of signing in again: with the provider's
   * session still alive, a sign-in would succeed silently and undo the sign-out.
   */
  signedOut: boolean;
  /** Silent renewal failed: the user must renew their session in a popup (a click opens it). */
  renewalNeeded: boolean;
}

/** Changes the named parts of the snapshot and keeps the rest. */
export type UpdateAuth = (change: Partial<AuthSnapshot>) => void;

const initialSnapshot = (): AuthSnapshot => ({
  config: null,
  interactionStatus: 'startup',
  loginUserDetails: null,
  currentSelectedRole: readSelectedRole(window.localStorage),
  signedOut: false,
  renewalNeeded: false,
});

const changes = (current: AuthSnapshot, change: Partial<AuthSnapshot>) =>
  (Object.keys(change) as (keyof AuthSnapshot)[]).some((key) => !Object.is(current[key], change[key]));

export function useAuthSnapshot(): [AuthSnapshot, UpdateAuth] {
  const [snapshot, setSnapshot] = useState(initialSnapshot);
  // Setting what is already there keeps the same snapshot, so nothing renders again for it.
  const update = useCallback<UpdateAuth>(
    (change) => setSnapshot((current) => (changes(current, change) ? { ...current, ...change } : current)),
    [],
  );
  return [snapshot, update];
}
