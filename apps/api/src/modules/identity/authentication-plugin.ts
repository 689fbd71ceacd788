import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Identity } from '../../platform/config.js';
import type { Db } from '../../platform/db/client.js';
import { unauthorized } from '../../platform/errors.js';
import { safeErrorMessage } from '../../platform/logging.js';
import type { PrincipalCache } from './principal-cache.js';
import { resolvePrincipal, type Principal, type TokenVerifier } from './identity.js';

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

/** Every /api call carries a bearer access token (docs/requirements.md §7) unless its route is marked public. */
async function authentication(
  app: FastifyInstance,
  options: { db: Db; identity: Identity; verifier: TokenVerifier; cache: PrincipalCache },
) {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/docs')) return;
    if (request.routeOptions.config?.public) return;
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match) throw unauthorized();
    try {
      const payload = await options.verifier.verify(match[1]!);
      request.principal = await resolvePrincipal(options.db, options.identity, payload, options.cache);
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
