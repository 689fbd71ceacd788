import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@esr/contracts/endpoints';
import { route } from '../../platform/http/endpoint-routes.js';
import { principalOf } from '../identity/index.js';
import { modelPerformance, modelPerformanceGroups, nationalPerformance } from './model-performance.js';
import {
  acknowledgeCusumSignal,
  changeModelPerformanceSettings,
  modelPerformanceSettings,
} from './model-performance-settings.js';
import { optimisationPerformance } from './optimisation-section.js';

const calls = endpoints.modelPerformance;

/** Model monitoring (decision 0045): technical admins, clinicians and trust admins of the trust; super admins across trusts. */
const modelPerformanceRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, calls.figures, async (request) =>
    modelPerformance(app.db, principalOf(request), request.params.trust, request.params.type, request.query),
  );
  route(app, calls.groups, async (request) =>
    modelPerformanceGroups(
      app.db,
      principalOf(request),
      request.params.trust,
      request.params.type,
      request.query,
    ),
  );
  route(app, calls.optimisation, async (request) =>
    optimisationPerformance(
      app.db,
      principalOf(request),
      request.params.trust,
      request.params.type,
      request.query,
    ),
  );
  route(app, calls.settings, async (request) =>
    modelPerformanceSettings(app.db, principalOf(request), request.params.trust),
  );
  route(app, calls.changeSettings, async (request) =>
    changeModelPerformanceSettings(app.db, principalOf(request), request.params.trust, request.body),
  );
  route(app, calls.acknowledgeSignal, async (request) =>
    acknowledgeCusumSignal(
      app.db,
      principalOf(request),
      request.params.trust,
      request.params.type,
      request.body,
    ),
  );
  route(app, calls.national, async (request) =>
    nationalPerformance(app.db, principalOf(request), request.query),
  );
};

export default modelPerformanceRoutes;
