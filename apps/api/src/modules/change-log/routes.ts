import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@esr/contracts/endpoints';
import { route } from '../../platform/http/endpoint-routes.js';
import { principalOf } from '../identity/index.js';
import { listChangeLog } from './change-log.js';

/** docs/requirements.md §7 change log call (§2 Change log). */
const changeLogRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.changeLog.list, async (request) =>
    listChangeLog(app.db, principalOf(request), request.query),
  );
};

export default changeLogRoutes;
