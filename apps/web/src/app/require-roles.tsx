import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { GuardRole } from '@esr/contracts/roles';
import { useAuth } from '../lib/auth/auth-provider';
import { isAdmitted, roleOnAdmission } from '../lib/roles';
import { paths } from '../config/paths';
import { LoadingPage } from '../features/public/loading-page';

/**
 * docs/requirements.md §2 guard: admits a user holding any allowed role and records the current role; anyone else
 * is sent (replacing history) to /unauthorized. A signed-out visitor is asked to sign in first and
 * comes back here afterwards, unless this page has just signed out: then it goes to the landing page.
 */
export function RequireRoles({ allowed, children }: { allowed: readonly GuardRole[]; children: ReactNode }) {
  const { interactionStatus, loginUserDetails, roles, currentSelectedRole, recordRole, signIn, signedOut } =
    useAuth();
  const location = useLocation();
  const admitted = isAdmitted(roles, allowed);
  const settled = interactionStatus === 'none';
  // Admission is recorded once per visit to a location. Reacting to role changes instead would
  // fight a role the user has just chosen while the router is still leaving this screen.
  const roleRef = useRef(currentSelectedRole);
  roleRef.current = currentSelectedRole;
  useEffect(() => {
    if (settled && admitted) {
      const role = roleOnAdmission(roleRef.current, roles, allowed);
      if (role !== roleRef.current) recordRole(role);
    }
  }, [settled, admitted, location.key, roles, allowed, recordRole]);
  useEffect(() => {
    if (settled && !loginUserDetails && !signedOut) void signIn(`${location.pathname}${location.search}`);
  }, [settled, loginUserDetails, signedOut, signIn, location.pathname, location.search]);

  // Signed out on purpose (here, by idle timeout, or in another tab): never sign in again silently.
  if (signedOut && !loginUserDetails) return <Navigate to={paths.home()} replace />;
  if (!settled || !loginUserDetails) return <LoadingPage />;
  if (!admitted) return <Navigate to={paths.unauthorized()} replace />;
  return <>{children}</>;
}
