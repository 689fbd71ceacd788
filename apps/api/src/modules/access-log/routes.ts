import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@esr/contracts/endpoints';
import { route } from '../../platform/http/endpoint-routes.js';
import { principalOf } from '../identity/index.js';
import { patientAccessLog } from './access-log-reader.js';

/** Decision 0042: who has seen a patient's record; trust admins of the trust and super admins. */
const accessLogRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.accessLog.list, async (request) =>
    patientAccessLog(app.db, principalOf(request), request.params.trust, request.query),
  );
};

export default accessLogRoutes;
