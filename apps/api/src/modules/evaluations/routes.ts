import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@esr/contracts/endpoints';
import { route } from '../../platform/http/endpoint-routes.js';
import { principalOf } from '../identity/index.js';
import { changeScoringSettings, scoringSettings } from './scoring-settings.js';

const calls = endpoints.scoring;

/** The trust's scoring settings (decision 0057): its trust admins only. */
const scoringRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, calls.settings, async (request) =>
    scoringSettings(app.db, principalOf(request), request.params.trust),
  );
  route(app, calls.changeSettings, async (request) =>
    changeScoringSettings(app.db, principalOf(request), request.params.trust, request.body),
  );
};

export default scoringRoutes;
