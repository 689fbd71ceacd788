import { useAuth } from './auth-provider';

/** docs/requirements.md §1: data is scoped per trust; every waiting-list call uses the signed-in user's trust code. */
export function useTrustCode(): string {
  return useAuth().loginUserDetails?.trust.code ?? '';
}
