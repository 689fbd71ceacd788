import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@esr/contracts/endpoints';
import { route } from '../../platform/http/endpoint-routes.js';
import { principalOf } from '../identity/index.js';
import { liftSuspension, suspendPredictions, suspensionState } from './prediction-suspension.js';

const calls = endpoints.predictionSuspension;

/** Predictions suspended by the clinical safety officer (decision 0063). */
const predictionSuspensionRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, calls.read, async (request) =>
    suspensionState(app.db, principalOf(request), request.params.trust, request.params.type),
  );
  route(app, calls.suspend, async (request) =>
    suspendPredictions(app.db, principalOf(request), request.params.trust, request.params.type, request.body),
  );
  route(app, calls.lift, async (request) =>
    liftSuspension(app.db, principalOf(request), request.params.trust, request.params.type, request.body),
  );
};

export default predictionSuspensionRoutes;
