import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { singleLine } from '../text-rules.js';

/**
 * A FHIR R4 resource as JSON: its `resourceType` and whatever else it holds. The product checks the
 * elements it reads itself (docs/integration.md), and answers an OperationOutcome naming what is
 * wrong rather than a schema's generic message.
 */
const fhirResourceSchema = z
  .looseObject({
    resourceType: z
      .string()
      .max(64)
      .check(singleLine)
      .describe('The FHIR resource type, e.g. Bundle, Observation, RiskAssessment'),
  })
  .describe('A FHIR R4 resource in JSON');

const operationOutcome = fhirResourceSchema.describe(
  'A FHIR OperationOutcome: each issue with its severity, code, words and FHIRPath expression',
);

/** A search by the patient: `subject:identifier` with the NHS number system. */
const patientSearchQuery = z.object({
  'subject:identifier': z
    .string()
    .max(100)
    .describe(
      'The patient as `system|value`: the NHS number system and a 10-digit NHS number, e.g. `https://fhir.nhs.uk/Id/nhs-number|9434765919`',
    )
    .meta({ example: 'https://fhir.nhs.uk/Id/nhs-number|9434765919' }),
});

const fhirMediaTypes = ['application/fhir+json', 'application/json'];

/** What integration clients call (decision 0047): results in, risk out, each scoped to one trust. */
export const integration = {
  fhirMetadata: defineEndpoint({
    method: 'GET',
    path: '/fhir/r4/metadata',
    public: true,
    tags: ['integration'],
    summary: 'The FHIR CapabilityStatement of this server',
    description:
      'What the FHIR endpoints accept and return, and how to get a token (OAuth 2.0 client credentials of the trust’s identity provider). Needs no token.',
    response: { 200: fhirResourceSchema.describe('A FHIR R4 CapabilityStatement') },
  }),
  fhirBundle: defineEndpoint({
    method: 'POST',
    path: '/fhir/r4/Bundle',
    permission: 'integration:results',
    tags: ['integration'],
    summary: 'Send blood results as a FHIR Bundle of Observations',
    description:
      'A Bundle (transaction, batch, collection or message) of UK Core laboratory Observations for patients of the client’s trust. Results for pathways on the list update them when newer and re-score them; results for patients not on the list are kept for 90 days. The same Bundle sent again changes nothing and gets the same answer.',
    consumes: fhirMediaTypes,
    body: fhirResourceSchema.describe('A FHIR R4 Bundle of laboratory Observations'),
    bodyLimit: 5 * 1024 * 1024,
    response: {
      200: operationOutcome.describe('Accepted: what was applied, kept and ignored, in words'),
      400: operationOutcome,
      401: operationOutcome,
      403: operationOutcome,
      422: operationOutcome.describe('Refused as a whole: the issue names the element at fault'),
    },
  }),
  fhirObservation: defineEndpoint({
    method: 'POST',
    path: '/fhir/r4/Observation',
    permission: 'integration:results',
    tags: ['integration'],
    summary: 'Send one blood result as a FHIR Observation',
    description: 'One UK Core laboratory Observation, read as a Bundle of one (see POST /fhir/r4/Bundle).',
    consumes: fhirMediaTypes,
    body: fhirResourceSchema.describe('A FHIR R4 laboratory Observation'),
    bodyLimit: 1024 * 1024,
    response: {
      200: operationOutcome.describe('Accepted: what was applied, kept and ignored, in words'),
      400: operationOutcome,
      401: operationOutcome,
      403: operationOutcome,
      422: operationOutcome.describe('Refused: the issue names the element at fault'),
    },
  }),
  riskAssessments: defineEndpoint({
    method: 'GET',
    path: '/fhir/r4/RiskAssessment',
    permission: 'integration:risk',
    tags: ['integration'],
    summary: 'A patient’s current risk assessments, by NHS number',
    description:
      'The current evaluation of each of the patient’s pathways at the client’s trust, as FHIR RiskAssessments in a searchset Bundle (empty when the trust has none). Every answer that carries one is written to the patient access log.',
    querystring: patientSearchQuery,
    response: {
      200: fhirResourceSchema.describe('A FHIR searchset Bundle of RiskAssessments'),
      400: operationOutcome,
      401: operationOutcome,
      403: operationOutcome,
    },
  }),
  riskAssessment: defineEndpoint({
    method: 'GET',
    path: '/fhir/r4/RiskAssessment/:id',
    permission: 'integration:risk',
    tags: ['integration'],
    summary: 'One risk assessment, by its id',
    description:
      'An evaluation of the client’s trust as a FHIR RiskAssessment (its id is the evaluation’s). Read is written to the patient access log.',
    params: z.object({
      id: z
        .string()
        .max(64)
        .describe('The RiskAssessment’s id, as a search answered it')
        .meta({ example: '01935f7e-8a2b-7c1d-9e4f-0a1b2c3d4e5f' }),
    }),
    response: {
      200: fhirResourceSchema.describe('A FHIR R4 RiskAssessment'),
      400: operationOutcome,
      401: operationOutcome,
      403: operationOutcome,
      404: operationOutcome,
    },
  }),
  serviceRequests: defineEndpoint({
    method: 'GET',
    path: '/fhir/r4/ServiceRequest',
    permission: 'integration:risk',
    tags: ['integration'],
    summary: 'A patient’s referrals to optimise a risk factor before surgery, by NHS number',
    description:
      'Each referral made for the patient’s active pathways at the client’s trust (decision 0071) as a FHIR ServiceRequest: active until the factor is met (completed), declined or not possible (revoked); the finding that is its reason as a contained Observation with its SNOMED CT and LOINC codes, or in words. A searchset Bundle, empty when there is none; every answer that carries one is written to the patient access log.',
    querystring: patientSearchQuery,
    response: {
      200: fhirResourceSchema.describe('A FHIR searchset Bundle of ServiceRequests'),
      400: operationOutcome,
      401: operationOutcome,
      403: operationOutcome,
    },
  }),
  serviceRequest: defineEndpoint({
    method: 'GET',
    path: '/fhir/r4/ServiceRequest/:id',
    permission: 'integration:risk',
    tags: ['integration'],
    summary: 'One referral to optimise a risk factor, by its id',
    description:
      'A referral of the client’s trust as a FHIR ServiceRequest. Read is written to the patient access log.',
    params: z.object({
      id: z
        .string()
        .max(64)
        .describe('The ServiceRequest’s id, as a search answered it')
        .meta({ example: '01935f7e-8a2b-7c1d-9e4f-0a1b2c3d4e5f' }),
    }),
    response: {
      200: fhirResourceSchema.describe('A FHIR R4 ServiceRequest'),
      400: operationOutcome,
      401: operationOutcome,
      403: operationOutcome,
      404: operationOutcome,
    },
  }),
  hl7Message: defineEndpoint({
    method: 'POST',
    path: '/hl7/v2',
    permission: 'integration:results',
    tags: ['integration'],
    summary: 'Send blood results as an HL7 v2 ORU^R01 message',
    description:
      'One ORU^R01 message in ER7 text (segments ended by carriage returns). The answer is an HL7 ACK: AA when accepted (200), AE naming the failing segment and field when the message is refused (422), AR when it cannot be read (400). The same message sent again changes nothing and gets the same ACK.',
    consumes: ['application/hl7-v2', 'x-application/hl7-v2+er7', 'text/plain'],
    body: z.string().describe('The message as ER7 text'),
    bodyLimit: 1024 * 1024,
    response: {
      200: z.string().describe('An HL7 ACK with MSA-1 AA'),
      400: z.string().describe('An HL7 ACK with MSA-1 AR'),
      401: z.string(),
      403: z.string(),
      422: z.string().describe('An HL7 ACK with MSA-1 AE and an ERR segment'),
    },
  }),
};
