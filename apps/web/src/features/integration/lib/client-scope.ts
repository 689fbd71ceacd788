import { useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { useTrustCode } from '../../../lib/auth/trust-code';

/**
 * The trust the pages are about and their addresses (decision 0048): a trust admin's own trust at
 * /integration-clients, or, for a super admin, the trust whose page they came from
 * (/manage-active-trusts/{trustCode}/integration-clients), as the users pages do.
 */
export function useClientsScope() {
  const { trustCode } = useParams();
  const ownTrust = useTrustCode();
  return {
    trust: trustCode ?? ownTrust,
    listPath: paths.integrationClients(trustCode),
    registerPath: paths.registerIntegrationClient(trustCode),
    messagesPath: (page?: number) => paths.integrationMessages(trustCode, page),
  };
}
