import { errorResponseSchema } from '../errors.js';
import { defineEndpoint } from '../endpoint.js';
import { optimisationRequestSchema, pathwayOptimisationSchema } from '../optimisation.js';
import { patientParamsSchema } from '../patients.js';
import { lookupErrors, pathwayPath } from './shared.js';

const tags = ['optimisation'];

/** Waiting well (docs/optimisation.md, decision 0071): a pathway's modifiable risk factors and what was done. */
export const optimisation = {
  pathway: defineEndpoint({
    method: 'GET',
    path: `${pathwayPath}/optimisation`,
    permission: 'optimisation:read',
    tags,
    summary: 'The pathway’s modifiable risk factors, their status, due date and dated entries',
    description:
      'Each factor the pathway’s current values show (anaemia, smoking, diabetes, nutrition, kidney, blood_pressure, weight; a blood result only when it is fresh), and each factor with entries. A factor with no entry is identified; its due date is the day before the TCI date when there is one, else the trust’s weeks from identification. Recorded in the patient access log.',
    params: patientParamsSchema,
    response: { 200: pathwayOptimisationSchema, ...lookupErrors },
  }),
  record: defineEndpoint({
    method: 'POST',
    path: `${pathwayPath}/optimisation`,
    permission: ['optimisation:clinical', 'optimisation:administrative'],
    tags,
    summary: 'Records what happened to a risk factor: referred, in progress, met, declined or not possible',
    description:
      'Example: {"factor":"anaemia","status":"referred","service":"Pre-operative anaemia clinic","note":"Iron studies requested"}. Clinicians record every status; waiting list admins record referred, in_progress and declined. A new dated entry, never changing an earlier one; recorded in the change log and the patient access log. 409 when the pathway is archived, or the factor is closed or was not found.',
    params: patientParamsSchema,
    body: optimisationRequestSchema,
    response: { 200: pathwayOptimisationSchema, ...lookupErrors, 409: errorResponseSchema },
  }),
};
