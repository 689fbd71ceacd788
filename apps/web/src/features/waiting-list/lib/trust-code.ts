import { useAuth } from '../../../lib/auth/auth-provider';

/** spec §1: every waiting-list call uses the signed-in user's trust code. */
export function useTrustCode(): string {
  return useAuth().loginUserDetails?.trust.code ?? '';
}
