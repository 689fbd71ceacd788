import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { actingRoleHeader, roleCodeSchema, type RoleCode } from '@esr/contracts/roles';
import type { Identity } from '../../platform/config.js';
import type { Db } from '../../platform/db/client.js';
import { badRequest, forbidden, unauthorized } from '../../platform/errors.js';
import { safeErrorMessage } from '../../platform/logging.js';
import type { PrincipalCache } from './principal-cache.js';
import { resolvePrincipal, type Principal, type TokenVerifier } from './identity.js';
import { heldActingRole } from './principal.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /** A route that needs no signed-in user (health, client configuration). */
    public?: boolean;
  }
}

/** The signed-in user of a route that is not public; the hook below guarantees one. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

/** The integration clients' endpoints (decision 0047); everything else under /api/ is for people. */
export const isIntegrationUrl = (url: string) => url.startsWith('/fhir/') || url.startsWith('/hl7/');

export const actingRoleMessage = 'X-Acting-Role must be a role code: sa, ta, cu, cl, tca or wa';

/** The role code an `X-Acting-Role` header names; anything else is refused. */
function namedActingRole(request: FastifyRequest): RoleCode | undefined {
  const value = request.headers[actingRoleHeader];
  if (value === undefined) return undefined;
  const parsed = roleCodeSchema.safeParse(value);
  if (!parsed.success) throw badRequest(actingRoleMessage);
  return parsed.data;
}

export const integrationMessages = {
  peopleRefused: 'Only an integration client of the trust may call this endpoint',
  clientsRefused: 'An integration client may call only the FHIR and HL7 endpoints',
};

/**
 * Every /api, /fhir and /hl7 call carries a bearer access token (docs/requirements.md §7) unless its
 * route is marked public. A person's token reaches only /api, an integration client's only /fhir and
 * /hl7 (decision 0047).
 */
async function authentication(
  app: FastifyInstance,
  options: { db: Db; identity: Identity; verifier: TokenVerifier; cache: PrincipalCache },
) {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    const integrationUrl = isIntegrationUrl(request.url);
    if (!integrationUrl && (!request.url.startsWith('/api/') || request.url.startsWith('/api/docs'))) return;
    if (request.routeOptions.config?.public) return;
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match) throw unauthorized();
    try {
      const payload = await options.verifier.verify(match[1]!);
      const principal = await resolvePrincipal(options.db, options.identity, payload, options.cache);
      const isClient = principal.integrationClientId !== undefined;
      if (integrationUrl && !isClient) throw forbidden(integrationMessages.peopleRefused);
      if (!integrationUrl && isClient) throw forbidden(integrationMessages.clientsRefused);
      // The cached principal is shared by calls: the acting role goes on a copy (decision 0056).
      const acting = isClient ? undefined : heldActingRole(principal, namedActingRole(request));
      request.principal = acting ? { ...principal, actingRole: acting } : principal;
      // Every later line of this request names who made it (an id, never a name or patient data).
      request.log = request.log.child({ userId: request.principal.userId });
    } catch (error) {
      // Security baseline: log refused sign-ins, without the token or any patient data.
      request.log.warn(
        { statusCode: (error as { statusCode?: number }).statusCode, reason: safeErrorMessage(error) },
        'authentication refused',
      );
      throw error;
    }
  });
}

export default fp(authentication, { name: 'authentication' });
