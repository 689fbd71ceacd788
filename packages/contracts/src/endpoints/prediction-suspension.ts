import { defineEndpoint } from '../endpoint.js';
import { errorResponseSchema } from '../errors.js';
import {
  liftSuspensionRequestSchema,
  predictionSuspensionStateSchema,
  suspendPredictionsRequestSchema,
} from '../prediction-suspension.js';
import { lookupErrors, procedurePathSchema } from './shared.js';

const path = '/api/trusts/:trust/procedures/:type/prediction-suspension';
const tags = ['model governance'];
const effect =
  'While suspended, every band and probability of the procedure, in the screens, lists, worklist, exports, reports and FHIR RiskAssessments, is replaced by "Predictions suspended by the clinical safety officer on …"; pathways are still managed and scored (decision 0063).';

/** Predictions suspended by the trust's clinical safety officer (decision 0063). */
export const predictionSuspension = {
  read: defineEndpoint({
    method: 'GET',
    path,
    permission: 'model-performance:read',
    tags,
    summary: 'Whether the procedure’s predictions are suspended, since when, by whom and why',
    description: effect,
    params: procedurePathSchema,
    response: { 200: predictionSuspensionStateSchema, ...lookupErrors },
  }),
  suspend: defineEndpoint({
    method: 'PUT',
    path,
    permission: 'predictions:suspend',
    tags,
    summary: 'Suspend the procedure’s predictions (clinical safety officers)',
    description: `Example: {"reason":"The CUSUM signalled; suspended while the model is reviewed."}. ${effect} 409 when they are suspended already. In the change log.`,
    params: procedurePathSchema,
    body: suspendPredictionsRequestSchema,
    response: { 200: predictionSuspensionStateSchema, 409: errorResponseSchema, ...lookupErrors },
  }),
  lift: defineEndpoint({
    method: 'POST',
    path: `${path}/lift`,
    permission: 'predictions:suspend',
    tags,
    summary: 'Lift the suspension: the procedure’s predictions are shown again (clinical safety officers)',
    description:
      'Example: {"reason":"Recalibrated version approved."}. The bands come back as they were scored. 409 when they are not suspended. In the change log.',
    params: procedurePathSchema,
    body: liftSuspensionRequestSchema,
    response: { 200: predictionSuspensionStateSchema, 409: errorResponseSchema, ...lookupErrors },
  }),
};
