import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@esr/contracts/endpoints';
import { route } from '../../platform/http/endpoint-routes.js';
import { principalOf } from '../identity/index.js';
import { sendReport } from '../../platform/http/downloads.js';
import { exportPatientAccessLog } from './access-log-export.js';
import { patientAccessLog } from './access-log-reader.js';

/** Decision 0042: who has seen a patient's record; trust admins of the trust and super admins. */
const accessLogRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.accessLog.list, async (request) =>
    patientAccessLog(app.db, principalOf(request), request.params.trust, request.query),
  );
  // Decision 0066: the search's full result as CSV, for a subject access request.
  route(app, endpoints.accessLog.export, async (request, reply) =>
    sendReport(
      reply,
      await exportPatientAccessLog(app.db, principalOf(request), request.params.trust, request.query),
    ),
  );
};

export default accessLogRoutes;
