import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import type { GuardRole } from '@esr/contracts/roles';
import { guardRolesOf } from '../roles';
import { createSessionActions, type AuthActions, type Navigate } from './auth-actions';
import { useAuthSnapshot, type AuthSnapshot } from './auth-snapshot';
import { createOidcSession } from './oidc-session';
import { useSessionEndings, useSessionStart } from './session-lifecycle';

export interface AuthState extends AuthSnapshot, AuthActions {
  roles: GuardRole[];
}

const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
}

interface AuthProviderProps {
  children: ReactNode;
  navigate: Navigate;
}

/** The router's latest navigate behind one function that never changes: the session outlives renders. */
function useLatestNavigate(navigate: Navigate): Navigate {
  const latest = useRef(navigate);
  latest.current = navigate;
  return useCallback<Navigate>((to, options) => latest.current(to, options), []);
}

export function AuthProvider({ children, navigate }: AuthProviderProps) {
  const [oidc] = useState(createOidcSession);
  const [snapshot, update] = useAuthSnapshot();
  const navigateLatest = useLatestNavigate(navigate);
  const actions = useMemo(
    () => createSessionActions(oidc, update, navigateLatest),
    [oidc, update, navigateLatest],
  );
  const parts = { oidc, update, actions, navigate: navigateLatest };
  useSessionStart(parts);
  useSessionEndings(snapshot, parts);

  const { loginUserDetails } = snapshot;
  const roles = useMemo(
    () => (loginUserDetails ? guardRolesOf(loginUserDetails.roles.map((r) => r.code)) : []),
    [loginUserDetails],
  );
  const value = useMemo<AuthState>(
    () => ({ ...snapshot, roles, ...actions.userActions }),
    [snapshot, roles, actions],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
