import type { MeResponse } from '@esr/contracts/identity';
import type { GuardRole } from '@esr/contracts/roles';
import { identity } from '@esr/contracts/endpoints/identity';
import { ApiError, apiRequest } from '../api-client';
import { defaultRoleFor, guardRolesOf, landingPathFor } from '../roles';
import { readSelectedRole, writeSelectedRole } from '../selected-role-storage';
import { announceSignOut } from '../sign-out-broadcast';
import { paths } from '../../config/paths';
import type { UpdateAuth } from './auth-snapshot';
import type { OidcSession } from './oidc-session';

export type Navigate = (to: string, options?: { replace?: boolean }) => Promise<void> | void;

/** What the signed-in user can do with their session. */
export interface AuthActions {
  signIn(returnTo?: string): Promise<void>;
  signOut(): Promise<void>;
  /** docs/requirements.md §4: stores the role and goes to that role's landing page. */
  selectRole(role: GuardRole): Promise<void>;
  /** Records the current role without navigating (guards, docs/requirements.md §2). */
  recordRole(role: GuardRole | null): void;
  /** docs/requirements.md §2 access denied: clears the stored login user. */
  clearLoginUser(): Promise<void>;
  renewInPopup(): Promise<void>;
}

export interface SessionActions {
  userActions: AuthActions;
  /** docs/requirements.md §4: the profile is fetched after token acquisition; 403 ends at /unauthorized. */
  loadProfile(): Promise<MeResponse | null>;
  clearSession(): Promise<void>;
}

/**
 * The session's actions, made once: they read the OIDC session and the latest `navigate` when
 * called, and change what the provider shows through `update`.
 */
export function createSessionActions(
  oidc: OidcSession,
  update: UpdateAuth,
  navigate: Navigate,
): SessionActions {
  const recordRole = (role: GuardRole | null) => {
    writeSelectedRole(window.localStorage, role);
    update({ currentSelectedRole: role });
  };

  const clearSession = async () => {
    oidc.user = null;
    update({ loginUserDetails: null });
    recordRole(null);
    await oidc.manager?.removeUser();
  };

  const loadProfile = async (): Promise<MeResponse | null> => {
    try {
      const me = await apiRequest(identity.me);
      const held = guardRolesOf(me.roles.map((r) => r.code));
      if (held.length === 0) {
        navigate(paths.unauthorized(), { replace: true });
        return null;
      }
      update({ loginUserDetails: me });
      const stored = readSelectedRole(window.localStorage);
      const role = stored && held.includes(stored) ? stored : defaultRoleFor(held);
      recordRole(role);
      return me;
    } catch (error) {
      if (error instanceof ApiError && error.status === 403)
        navigate(paths.unauthorized(), { replace: true });
      else if (error instanceof ApiError && error.status === 401) await clearSession();
      else throw error;
      return null;
    }
  };

  const signIn = async (returnTo?: string) => {
    const manager = await oidc.managerReady;
    update({ signedOut: false, interactionStatus: 'login' });
    await manager.signinRedirect(returnTo ? { state: { returnTo } } : undefined);
  };

  const signOut = async () => {
    const manager = oidc.manager;
    const idToken = oidc.user?.id_token;
    update({ interactionStatus: 'logout', signedOut: true });
    announceSignOut(window.localStorage);
    await clearSession();
    if (manager && idToken) {
      // Ends the provider's session too, so the next person at a shared ward PC must sign in.
      await manager.signoutRedirect({ id_token_hint: idToken });
    } else {
      navigate(paths.home(), { replace: true });
      update({ interactionStatus: 'none' });
    }
  };

  const renewInPopup = async () => {
    const manager = oidc.manager;
    if (!manager) return;
    update({ interactionStatus: 'acquireToken' });
    try {
      oidc.user = await manager.signinPopup();
      update({ renewalNeeded: false });
    } catch {
      // Closed or blocked: the banner stays, and the user can try again or sign in afresh.
    } finally {
      update({ interactionStatus: 'none' });
    }
  };

  const selectRole = async (role: GuardRole) => {
    // Leave the current screen first, so that its guard does not re-record the old role.
    await navigate(landingPathFor(role));
    recordRole(role);
  };

  return {
    userActions: { signIn, signOut, selectRole, recordRole, clearLoginUser: clearSession, renewInPopup },
    loadProfile,
    clearSession,
  };
}
