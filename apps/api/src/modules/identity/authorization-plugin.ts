import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../../platform/errors.js';
import { hasAccess, type Permission } from './access.js';
import { principalOf } from './authentication-plugin.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The permission a caller's role must hold to call the route, or a list of which any one will
     * do (for a route whose use case depends on the caller, e.g. GET /api/trusts/).
     */
    permission?: Permission | readonly Permission[];
  }
}

const required = (permission: Permission | readonly Permission[] | undefined): readonly Permission[] =>
  permission === undefined ? [] : typeof permission === 'string' ? [permission] : permission;

/**
 * Route permissions: a route declares `config: { permission }` and a caller whose roles hold none
 * of it is refused 403 as soon as they are signed in, before the body is read, parsed or validated
 * (so a role that may not call a route learns nothing from its validation messages). It checks the
 * role only: the trust a call is about is known to the service, which still calls requireAccess
 * with it (docs/architecture.md, Conventions: the permission is checked in the service). The declaration is also
 * published in the OpenAPI document as `x-permissions`.
 */
async function authorization(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const permissions = required(route.config?.permission);
    if (permissions.length === 0) return;
    if (route.config?.public) throw new Error(`${route.url} is public, so it cannot require a permission`);
    route.schema = { ...route.schema, 'x-permissions': permissions } as typeof route.schema;
  });
  app.addHook('onRequest', async (request) => {
    const permissions = required(request.routeOptions.config?.permission);
    if (permissions.length === 0) return;
    const principal = principalOf(request);
    if (!permissions.some((permission) => hasAccess(principal, permission))) throw forbidden();
  });
}

export default fp(authorization, { name: 'authorization', dependencies: ['authentication'] });
