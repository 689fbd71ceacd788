/**
 * `GET /fhir/r4/metadata` (https://hl7.org/fhir/R4/capabilitystatement.html): what this server
 * does, for a receiving system's integration engine and the people who configure it
 * (docs/integration.md "CapabilityStatement"). It claims only what the routes do: RiskAssessment
 * and ServiceRequest read and search by NHS number, and results sent in as a Bundle or an Observation.
 */
import { productName } from '@esr/contracts/messages';
import { fhirBaseUrl, restfulSecurityServiceSystem } from './fhir-uris.js';
import type { FhirCapabilityStatement } from './types.js';

/** A resource read by its id and searched by the patient's NHS number, as the routes serve both. */
function readAndSearchByPatient(
  type: 'RiskAssessment' | 'ServiceRequest',
  documentation: string,
  read: string,
  search: string,
) {
  return {
    type,
    documentation,
    interaction: [
      { code: 'read' as const, documentation: read },
      { code: 'search-type' as const, documentation: search },
    ],
    versioning: 'no-version' as const,
    readHistory: false,
    searchParam: [
      {
        name: 'subject',
        definition: `http://hl7.org/fhir/SearchParameter/${type}-subject`,
        type: 'reference' as const,
        documentation:
          'Only with the `:identifier` modifier and the NHS number system: `subject:identifier=https://fhir.nhs.uk/Id/nhs-number|{NHS number}`.',
      },
    ],
  };
}

export function capabilityStatement(options: {
  /** The address the service is reached at, or its FHIR base (fhir-uris.ts). */
  baseUrl: string;
  softwareVersion: string;
  /** When this statement last changed: a FHIR dateTime, e.g. `2026-12-01`. */
  publishedOn: string;
}): FhirCapabilityStatement {
  const resultsAnswer =
    'Accepted content is answered 200 with an OperationOutcome saying what was applied, kept and ignored (not 201: nothing is created that can be read back); refused content 4xx with an OperationOutcome naming the element at fault. The same content sent again changes nothing and gets the same answer.';
  return {
    resourceType: 'CapabilityStatement',
    name: 'ElectiveSurgicalRiskServer',
    title: `${productName} FHIR R4 server`,
    status: 'active',
    date: options.publishedOn,
    description: `Risk out: the risk of a complication after elective orthopaedic surgery that ${productName} predicts, as RiskAssessments. Results in: laboratory results of patients on the trust’s waiting list, as Observations.`,
    kind: 'instance',
    software: { name: productName, version: options.softwareVersion },
    implementation: { description: `${productName} FHIR R4 endpoints`, url: fhirBaseUrl(options.baseUrl) },
    fhirVersion: '4.0.1',
    format: ['application/fhir+json', 'json'],
    rest: [
      {
        mode: 'server',
        documentation:
          'Each client is registered for one NHS trust and reads and sends that trust’s patients only: a patient or an evaluation of another trust is not found.',
        security: {
          service: [
            {
              coding: [{ system: restfulSecurityServiceSystem, code: 'OAuth', display: 'OAuth' }],
              text: 'OAuth 2.0 client credentials',
            },
          ],
          description:
            'Send `Authorization: Bearer {access token}`: a token the trust’s identity provider issued, with the OAuth 2.0 client credentials grant, to a system registered here as an integration client of that trust. A person’s sign-in is not accepted. This statement needs no token.',
        },
        resource: [
          readAndSearchByPatient(
            'RiskAssessment',
            'An evaluation of a pathway: the model’s probability and band, the model version, the inputs it read (contained Observations), and the clinician’s view when one is recorded.',
            'Any evaluation of the client’s trust, by the id a search answered.',
            'The current evaluation of each of the patient’s pathways at the client’s trust.',
          ),
          readAndSearchByPatient(
            'ServiceRequest',
            'A referral to optimise a risk factor before surgery (anaemia, smoking, diabetes, nutrition, kidney function, blood pressure, weight): the service, what is asked, the day it is due by, the trust as requester, and the finding that is its reason. Active until the factor is met (completed), declined or not possible (revoked).',
            'Any referral of the client’s trust, by the id a search answered.',
            'The referrals of the patient’s active pathways at the client’s trust.',
          ),
          {
            type: 'Observation',
            documentation: `A laboratory result (UK Core) of a patient of the client’s trust, read as a Bundle of one. ${resultsAnswer}`,
            interaction: [{ code: 'create' }],
          },
          {
            type: 'Bundle',
            // POST [base]/Bundle is a create in form only: the Bundle is read, not kept, and there is
            // no batch or transaction at POST [base], whose answer would have to be a response Bundle.
            documentation: `POST [base]/Bundle takes a Bundle (transaction, batch, collection or message) of laboratory results (UK Core Observations). It is not kept as a Bundle, and its answer is not a transaction or batch response: results of pathways on the list update them when newer and re-score them; results of patients not on the list are kept for 90 days. ${resultsAnswer}`,
            interaction: [{ code: 'create' }],
          },
        ],
      },
    ],
  };
}
