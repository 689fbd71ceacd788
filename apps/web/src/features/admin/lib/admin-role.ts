import { useAuth } from '../../../lib/auth/auth-provider';

/**
 * How an admin screen behaves follows the role the user is acting in (docs/requirements.md §2 guards record it):
 * as Super Admin, every trust; otherwise (Trust Admin) the user's own trust, with Super Admin
 * hidden from role and user lookups (docs/requirements.md §6).
 */
export function useAdminRole() {
  const { currentSelectedRole, loginUserDetails } = useAuth();
  const isSuperAdmin = currentSelectedRole === 'SuperAdmin';
  return {
    isSuperAdmin,
    ownTrustCode: loginUserDetails?.trust.code ?? '',
    ownTrustName: loginUserDetails?.trust.name ?? '',
  };
}
