/**
 * A referral to optimise a risk factor before surgery (decision 0071) as a FHIR R4 ServiceRequest:
 * what is asked, of which service, by when, requested by the trust, for the finding that is its
 * reason (a contained Observation of the blood result, with its standard codes, or the recorded
 * condition in words).
 */
import { showCalendarDate } from '@esr/contracts/london-dates';
import {
  findingWithDate,
  optimisationStatusLabels,
  type OptimisationFactor,
  type OptimisationStatus,
} from '@esr/contracts/optimisation';
import type { Referral } from '../../optimisation/index.js';
import { labRules, type LabField } from '@esr/contracts/remodel';
import { codesSent, loincSystem, snomedSystem } from '../messages/lab-codes.js';
import { nhsNumberSystem, odsOrganisationSystem, productUris as uris, ucumSystem } from './fhir-uris.js';
import { narrativeDiv, markdownText } from './narrative.js';
import type { FhirCodeableConcept, FhirCoding, FhirObservation, FhirReference } from './types.js';

export interface FhirServiceRequest {
  resourceType: 'ServiceRequest';
  id: string;
  text: { status: 'generated'; div: string };
  contained?: FhirObservation[];
  identifier: { system: string; value: string }[];
  status: 'active' | 'completed' | 'revoked';
  intent: 'order';
  category: FhirCodeableConcept[];
  code: FhirCodeableConcept;
  subject: FhirReference;
  occurrencePeriod: { end: string };
  authoredOn: string;
  requester: FhirReference;
  performer: FhirReference[];
  reasonCode?: FhirCodeableConcept[];
  reasonReference?: FhirReference[];
  note?: { text: string }[];
}

/** A referral as the optimisation module reads it, and the trust that made it. */
export interface ReferralSource extends Referral {
  trustCode: string;
  trustName: string;
}

/** The blood result each factor is found from; the others are recorded conditions or the body mass index. */
const resultOf: Partial<Record<OptimisationFactor, LabField>> = {
  anaemia: 'haemoglobin',
  nutrition: 'albumin',
  kidney: 'egfr',
};

const statusOf = (status: OptimisationStatus): FhirServiceRequest['status'] =>
  status === 'met' ? 'completed' : status === 'declined' || status === 'not_possible' ? 'revoked' : 'active';

/** SNOMED CT 3457005 |Patient referral (procedure)|, the category of a referral. */
const referralCategory: FhirCodeableConcept = {
  coding: [{ system: snomedSystem, code: '3457005', display: 'Patient referral' }],
};

function findingObservation(source: ReferralSource, lab: LabField): FhirObservation & { id: string } {
  const sent = codesSent(lab);
  const coding: FhirCoding[] = [
    ...(sent.snomed ? [{ system: snomedSystem, code: sent.snomed.code, display: sent.snomed.term }] : []),
    ...(sent.loinc ? [{ system: loincSystem, code: sent.loinc.code, display: sent.loinc.term }] : []),
  ];
  return {
    resourceType: 'Observation',
    id: 'finding',
    status: 'final',
    code: { ...(coding.length > 0 ? { coding } : {}), text: labRules[lab].label },
    ...(source.valueDate ? { effectiveDateTime: source.valueDate } : {}),
    valueQuantity: { value: source.value!, unit: labRules[lab].unit, system: ucumSystem, code: sent.unit },
  };
}

export function serviceRequestResource(source: ReferralSource): FhirServiceRequest {
  const lab = resultOf[source.factor];
  const observation = lab && source.value !== null ? findingObservation(source, lab) : null;
  const finding = source.finding ? findingWithDate(source.finding, source.valueDate) : null;
  const lines = [
    `Referral to ${source.service}: ${source.label.toLowerCase()}.`,
    source.ask,
    ...(finding ? [`Finding: ${finding}.`] : []),
    `Please complete by ${showCalendarDate(source.dueOn)}. Status: ${optimisationStatusLabels[source.status]}.`,
  ];
  return {
    resourceType: 'ServiceRequest',
    id: source.id,
    text: { status: 'generated', div: narrativeDiv(lines.map((paragraph) => ({ paragraph }))) },
    ...(observation ? { contained: [observation] } : {}),
    identifier: [{ system: uris.optimisationReferral, value: source.id }],
    status: statusOf(source.status),
    intent: 'order',
    category: [referralCategory],
    code: {
      coding: [{ system: uris.optimisationFactor, code: source.factor, display: source.label }],
      text: source.ask,
    },
    subject: { type: 'Patient', identifier: { system: nhsNumberSystem, value: source.nhsNumber } },
    occurrencePeriod: { end: source.dueOn },
    authoredOn: new Date(source.recordedAt).toISOString(),
    requester: {
      type: 'Organization',
      identifier: { system: odsOrganisationSystem, value: source.trustCode },
      display: source.trustName,
    },
    performer: [{ display: source.service }],
    ...(observation
      ? { reasonReference: [{ reference: '#finding', display: finding ?? source.label }] }
      : { reasonCode: [{ text: finding ?? source.label }] }),
    ...(source.note ? { note: [{ text: markdownText(source.note) }] } : {}),
  };
}
