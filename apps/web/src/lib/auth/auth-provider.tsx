import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { UserManager, WebStorageStateStore, type User } from 'oidc-client-ts';
import type { ClientConfig, MeResponse } from '@esr/contracts/identity';
import type { GuardRole } from '@esr/contracts/roles';
// The two endpoints the shell calls, not the whole endpoint table: that table and its schemas would
// all load with the first page (e2e/specs/model-monitoring.spec.ts holds its size).
import { identity } from '@esr/contracts/endpoints/identity';
import { operations } from '@esr/contracts/endpoints/operations';
import { ApiError, apiRequest, configureApiClient } from '../api-client';
import { startIdleTimer } from '../idle-timer';
import { defaultRoleFor, guardRolesOf, landingPathFor } from '../roles';
import { readSelectedRole, writeSelectedRole } from '../selected-role-storage';
import { announceSignOut, onSignOutElsewhere } from '../sign-out-broadcast';
import { paths } from '../../config/paths';

/** docs/requirements.md §4: interaction status values of the sign-in flow. */
export type InteractionStatus =
  'startup' | 'login' | 'logout' | 'acquireToken' | 'ssoSilent' | 'handleRedirect' | 'none';

export interface AuthState {
  config: ClientConfig | null;
  interactionStatus: InteractionStatus;
  loginUserDetails: MeResponse | null;
  roles: GuardRole[];
  currentSelectedRole: GuardRole | null;
  signIn(returnTo?: string): Promise<void>;
  signOut(): Promise<void>;
  /** docs/requirements.md §4: stores the role and goes to that role's landing page. */
  selectRole(role: GuardRole): Promise<void>;
  /** Records the current role without navigating (guards, docs/requirements.md §2). */
  recordRole(role: GuardRole | null): void;
  /** docs/requirements.md §2 access denied: clears the stored login user. */
  clearLoginUser(): Promise<void>;
  /**
   * The session was ended on purpose in this page (Log out, idle timeout, or a sign-out in another
   * tab). Guards then go to the landing page instead of signing in again: with the provider's
   * session still alive, a sign-in would succeed silently and undo the sign-out.
   */
  signedOut: boolean;
  /** Silent renewal failed: the user must renew their session in a popup (a click opens it). */
  renewalNeeded: boolean;
  renewInPopup(): Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
}

interface AuthProviderProps {
  children: ReactNode;
  navigate: (to: string, options?: { replace?: boolean }) => Promise<void> | void;
}

function createUserManager(config: ClientConfig): UserManager {
  const origin = window.location.origin;
  return new UserManager({
    authority: config.authority,
    client_id: config.clientId,
    redirect_uri: `${origin}${paths.authCallback()}`,
    silent_redirect_uri: `${origin}/auth/silent-callback.html`,
    // The popup fallback lands on the same small page, which hands the answer back to this window.
    popup_redirect_uri: `${origin}/auth/silent-callback.html`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: 'code',
    scope: config.scope,
    automaticSilentRenew: true,
    // docs/requirements.md §9: sessions are cached in session storage.
    userStore: new WebStorageStateStore({ store: window.sessionStorage }),
    monitorSession: false,
    accessTokenExpiringNotificationTimeInSeconds: 60,
    // Give up on silent renewal after one retry, so the user is asked in good time (the token
    // expires 60 s after renewal starts).
    silentRequestTimeoutInSeconds: 5,
    maxSilentRenewTimeoutRetries: 1,
  });
}

export function AuthProvider({ children, navigate }: AuthProviderProps) {
  const [config, setConfig] = useState<ClientConfig | null>(null);
  const [interactionStatus, setInteractionStatus] = useState<InteractionStatus>('startup');
  const [loginUserDetails, setLoginUserDetails] = useState<MeResponse | null>(null);
  const [renewalNeeded, setRenewalNeeded] = useState(false);
  const [signedOut, setSignedOut] = useState(false);
  const [currentSelectedRole, setCurrentSelectedRole] = useState<GuardRole | null>(() =>
    readSelectedRole(window.localStorage),
  );
  const managerRef = useRef<UserManager | null>(null);
  // Sign-in may be asked for before the client configuration has arrived: it waits for this.
  const managerReady = useRef<{ promise: Promise<UserManager>; resolve: (m: UserManager) => void } | null>(
    null,
  );
  if (!managerReady.current) {
    let resolve!: (m: UserManager) => void;
    const promise = new Promise<UserManager>((r) => (resolve = r));
    managerReady.current = { promise, resolve };
  }
  const userRef = useRef<User | null>(null);
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  const recordRole = useCallback((role: GuardRole | null) => {
    writeSelectedRole(window.localStorage, role);
    setCurrentSelectedRole(role);
  }, []);

  const clearSession = useCallback(async () => {
    userRef.current = null;
    setLoginUserDetails(null);
    recordRole(null);
    await managerRef.current?.removeUser();
  }, [recordRole]);

  /** docs/requirements.md §4: the profile is fetched after token acquisition; 403 ends at /unauthorized. */
  const loadProfile = useCallback(async (): Promise<MeResponse | null> => {
    try {
      const me = await apiRequest(identity.me);
      const held = guardRolesOf(me.roles.map((r) => r.code));
      if (held.length === 0) {
        navigateRef.current(paths.unauthorized(), { replace: true });
        return null;
      }
      setLoginUserDetails(me);
      const stored = readSelectedRole(window.localStorage);
      const role = stored && held.includes(stored) ? stored : defaultRoleFor(held);
      recordRole(role);
      return me;
    } catch (error) {
      if (error instanceof ApiError && error.status === 403)
        navigateRef.current(paths.unauthorized(), { replace: true });
      else if (error instanceof ApiError && error.status === 401) await clearSession();
      else throw error;
      return null;
    }
  }, [recordRole, clearSession]);

  useEffect(() => {
    let cancelled = false;
    configureApiClient(
      async () => {
        const user = userRef.current;
        if (user && !user.expired) return user.access_token;
        if (user && managerRef.current) {
          setInteractionStatus('acquireToken');
          try {
            userRef.current = await managerRef.current.signinSilent();
            return userRef.current?.access_token ?? null;
          } catch {
            return null;
          } finally {
            setInteractionStatus('none');
          }
        }
        return null;
      },
      (status) => {
        // A refused call means the account or its trust was disabled, or the role was removed.
        if (status === 403) navigateRef.current(paths.unauthorized(), { replace: true });
      },
    );

    (async () => {
      const clientConfig = await apiRequest(operations.clientConfig);
      if (cancelled) return;
      setConfig(clientConfig);
      const manager = createUserManager(clientConfig);
      managerRef.current = manager;
      managerReady.current?.resolve(manager);
      manager.events.addUserLoaded((user) => {
        userRef.current = user;
      });
      // docs/requirements.md §1: an interactive popup is used if silent token acquisition fails. Browsers block
      // popups that no click opened, so the user is asked to continue, and their click opens it.
      manager.events.addSilentRenewError(() => setRenewalNeeded(true));

      if (window.location.pathname === paths.authCallback()) {
        setInteractionStatus('handleRedirect');
        try {
          const user = await manager.signinRedirectCallback();
          userRef.current = user;
          const me = await loadProfile();
          const returnTo = (user.state as { returnTo?: string } | undefined)?.returnTo;
          if (me) {
            const role = readSelectedRole(window.localStorage);
            navigateRef.current(returnTo ?? landingPathFor(role), { replace: true });
          }
        } catch {
          navigateRef.current(paths.home(), { replace: true });
        }
      } else {
        const stored = await manager.getUser();
        if (stored && !stored.expired) {
          userRef.current = stored;
          await loadProfile();
        } else if (stored) {
          setInteractionStatus('ssoSilent');
          try {
            userRef.current = await manager.signinSilent();
            await loadProfile();
          } catch {
            await clearSession();
          }
        }
      }
      if (!cancelled) setInteractionStatus('none');
    })().catch(() => {
      if (!cancelled) setInteractionStatus('none');
    });
    return () => {
      cancelled = true;
    };
  }, [loadProfile, clearSession]);

  const signIn = useCallback(async (returnTo?: string) => {
    const manager = await managerReady.current!.promise;
    setSignedOut(false);
    setInteractionStatus('login');
    await manager.signinRedirect(returnTo ? { state: { returnTo } } : undefined);
  }, []);

  const signOut = useCallback(async () => {
    const manager = managerRef.current;
    const idToken = userRef.current?.id_token;
    setInteractionStatus('logout');
    setSignedOut(true);
    announceSignOut(window.localStorage);
    await clearSession();
    if (manager && idToken) {
      // Ends the provider's session too, so the next person at a shared ward PC must sign in.
      await manager.signoutRedirect({ id_token_hint: idToken });
    } else {
      navigateRef.current(paths.home(), { replace: true });
      setInteractionStatus('none');
    }
  }, [clearSession]);

  const renewInPopup = useCallback(async () => {
    const manager = managerRef.current;
    if (!manager) return;
    setInteractionStatus('acquireToken');
    try {
      userRef.current = await manager.signinPopup();
      setRenewalNeeded(false);
    } catch {
      // Closed or blocked: the banner stays, and the user can try again or sign in afresh.
    } finally {
      setInteractionStatus('none');
    }
  }, []);

  const selectRole = useCallback(
    async (role: GuardRole) => {
      // Leave the current screen first, so that its guard does not re-record the old role.
      await navigateRef.current(landingPathFor(role));
      recordRole(role);
    },
    [recordRole],
  );

  // A sign-out in another tab ends this tab's session too; that tab ends the provider's session.
  useEffect(() => {
    if (!loginUserDetails) return;
    return onSignOutElsewhere(window, () => {
      setSignedOut(true);
      void clearSession().then(() => navigateRef.current(paths.home(), { replace: true }));
    });
  }, [loginUserDetails, clearSession]);

  // docs/requirements.md §4: idle logout after the configured time without activity, across tabs, no prompt.
  useEffect(() => {
    if (!loginUserDetails || !config) return;
    return startIdleTimer({
      timeoutMs: config.idleTimeoutMs,
      storage: window.localStorage,
      target: window,
      onIdle: () => void signOut(),
    });
  }, [loginUserDetails, config, signOut]);

  const roles = useMemo(
    () => (loginUserDetails ? guardRolesOf(loginUserDetails.roles.map((r) => r.code)) : []),
    [loginUserDetails],
  );

  const value = useMemo<AuthState>(
    () => ({
      config,
      interactionStatus,
      loginUserDetails,
      roles,
      currentSelectedRole,
      signIn,
      signOut,
      selectRole,
      recordRole,
      clearLoginUser: clearSession,
      signedOut,
      renewalNeeded,
      renewInPopup,
    }),
    [
      config,
      interactionStatus,
      loginUserDetails,
      roles,
      currentSelectedRole,
      signIn,
      signOut,
      selectRole,
      recordRole,
      clearSession,
      signedOut,
      renewalNeeded,
      renewInPopup,
    ],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
