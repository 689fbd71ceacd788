import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { GuardRole } from '@esr/contracts/roles';
import { useAuth } from '../lib/auth/auth-provider';
import { isAdmitted, roleOnAdmission } from '../lib/roles';
import { paths } from '../config/paths';
import { LoadingPage } from '../features/public/loading-page';

/**
 * spec §2 guard: admits a user holding any allowed role and records the current role; anyone else
 * is sent (replacing history) to /unauthorized. A signed-out visitor is asked to sign in first and
 * comes back here afterwards.
 */
export function RequireRoles({ allowed, children }: { allowed: readonly GuardRole[]; children: ReactNode }) {
  const { interactionStatus, loginUserDetails, roles, currentSelectedRole, recordRole, signIn } = useAuth();
  const location = useLocation();
  const admitted = isAdmitted(roles, allowed);
  const settled = interactionStatus === 'none';
  useEffect(() => {
    if (settled && admitted) {
      const role = roleOnAdmission(currentSelectedRole, roles, allowed);
      if (role !== currentSelectedRole) recordRole(role);
    }
  }, [settled, admitted, currentSelectedRole, roles, allowed, recordRole]);
  useEffect(() => {
    if (settled && !loginUserDetails) void signIn(`${location.pathname}${location.search}`);
  }, [settled, loginUserDetails, signIn, location.pathname, location.search]);

  if (!settled || !loginUserDetails) return <LoadingPage />;
  if (!admitted) return <Navigate to={paths.unauthorized()} replace />;
  return <>{children}</>;
}
