/**
 * The FHIR R4 (4.0.1) data types and resources this product serves, written by hand with only the
 * elements it fills in (https://hl7.org/fhir/R4/): the full generated types are far larger than the
 * few resources needed here. Element names, cardinalities and types follow the R4 definitions; the
 * tests check every builder's output against them (fhir-validation.ts).
 */
import type { FhirServiceRequest } from './service-request.js';

export interface FhirCoding {
  system?: string;
  code?: string;
  display?: string;
}

export interface FhirCodeableConcept {
  coding?: FhirCoding[];
  text?: string;
}

export interface FhirIdentifier {
  system?: string;
  value?: string;
  type?: FhirCodeableConcept;
  assigner?: FhirReference;
}

export interface FhirReference {
  /** A literal reference: `#id` for a contained resource. */
  reference?: string;
  /** The resource type the reference points at, when it is given by identifier. */
  type?: string;
  identifier?: FhirIdentifier;
  display?: string;
}

export interface FhirQuantity {
  value?: number;
  unit?: string;
  system?: string;
  code?: string;
}

/** An extension holds either a value or sub-extensions, never both (R4 ext-1). */
export interface FhirExtension {
  url: string;
  extension?: FhirExtension[];
  valueString?: string;
  valueDateTime?: string;
  valueDecimal?: number;
  valueBoolean?: boolean;
  valueQuantity?: FhirQuantity;
  valueCodeableConcept?: FhirCodeableConcept;
}

export interface FhirMeta {
  lastUpdated?: string;
}

/** Generated from the structured content (`generated`), with some from extensions (`extensions`). */
export interface FhirNarrative {
  status: 'generated' | 'extensions' | 'additional' | 'empty';
  /** XHTML in a `div` of the XHTML namespace. */
  div: string;
}

export interface FhirAnnotation {
  /** Markdown. */
  text: string;
}

/** An input the model read, contained in the RiskAssessment that it is the basis of. */
export interface FhirObservation {
  resourceType: 'Observation';
  id?: string;
  extension?: FhirExtension[];
  status:
    | 'registered'
    | 'preliminary'
    | 'final'
    | 'amended'
    | 'corrected'
    | 'cancelled'
    | 'entered-in-error'
    | 'unknown';
  code: FhirCodeableConcept;
  /** When the value was taken: a day, or a time with its zone. */
  effectiveDateTime?: string;
  valueQuantity?: FhirQuantity;
  valueBoolean?: boolean;
  /** Only when there is no value (R4 obs-6). */
  dataAbsentReason?: FhirCodeableConcept;
  note?: FhirAnnotation[];
}

export interface FhirRiskAssessmentPrediction {
  outcome?: FhirCodeableConcept;
  /** R4 ras-2 bounds it at 100; this product writes the model's probability from 0 to 1. */
  probabilityDecimal?: number;
  qualitativeRisk?: FhirCodeableConcept;
  rationale?: string;
}

export interface FhirRiskAssessment {
  resourceType: 'RiskAssessment';
  id: string;
  meta: FhirMeta;
  text?: FhirNarrative;
  contained?: FhirObservation[];
  extension?: FhirExtension[];
  identifier: FhirIdentifier[];
  status: 'final' | 'amended';
  method: FhirCodeableConcept;
  code?: FhirCodeableConcept;
  subject: FhirReference;
  occurrenceDateTime: string;
  basis?: FhirReference[];
  prediction: FhirRiskAssessmentPrediction[];
  note?: FhirAnnotation[];
}

/** R4 issue-type codes (http://hl7.org/fhir/issue-type), nested ones included. */
export type FhirIssueType =
  | 'invalid'
  | 'structure'
  | 'required'
  | 'value'
  | 'invariant'
  | 'security'
  | 'login'
  | 'unknown'
  | 'expired'
  | 'forbidden'
  | 'suppressed'
  | 'processing'
  | 'not-supported'
  | 'duplicate'
  | 'multiple-matches'
  | 'not-found'
  | 'deleted'
  | 'too-long'
  | 'code-invalid'
  | 'extension'
  | 'too-costly'
  | 'business-rule'
  | 'conflict'
  | 'transient'
  | 'lock-error'
  | 'no-store'
  | 'exception'
  | 'timeout'
  | 'incomplete'
  | 'throttled'
  | 'informational';

export type FhirIssueSeverity = 'fatal' | 'error' | 'warning' | 'information';

export interface FhirOperationOutcomeIssue {
  severity: FhirIssueSeverity;
  /** A `FhirIssueType`. */
  code: string;
  diagnostics?: string;
  /** FHIRPath of the element at fault, e.g. `Bundle.entry[2].resource.valueQuantity`. */
  expression?: string[];
}

export interface FhirOperationOutcome {
  resourceType: 'OperationOutcome';
  issue: FhirOperationOutcomeIssue[];
}

export interface FhirBundleEntry {
  fullUrl?: string;
  resource: FhirResource;
  search?: { mode: 'match' | 'include' | 'outcome' };
}

export interface FhirBundle {
  resourceType: 'Bundle';
  type: 'searchset';
  total: number;
  link: Array<{ relation: string; url: string }>;
  /** Absent, never empty, when nothing matched: FHIR JSON has no empty arrays. */
  entry?: FhirBundleEntry[];
}

export type FhirRestfulInteraction =
  | 'read'
  | 'vread'
  | 'update'
  | 'patch'
  | 'delete'
  | 'history-instance'
  | 'history-type'
  | 'create'
  | 'search-type';

export interface FhirCapabilityStatementResource {
  type: string;
  documentation?: string;
  interaction: Array<{ code: FhirRestfulInteraction; documentation?: string }>;
  versioning?: 'no-version' | 'versioned' | 'versioned-update';
  readHistory?: boolean;
  updateCreate?: boolean;
  conditionalCreate?: boolean;
  conditionalUpdate?: boolean;
  conditionalDelete?: 'not-supported' | 'single' | 'multiple';
  searchParam?: Array<{
    name: string;
    definition?: string;
    type: 'number' | 'date' | 'string' | 'token' | 'reference' | 'composite' | 'quantity' | 'uri' | 'special';
    documentation?: string;
  }>;
}

export interface FhirCapabilityStatement {
  resourceType: 'CapabilityStatement';
  name: string;
  title: string;
  status: 'draft' | 'active' | 'retired' | 'unknown';
  date: string;
  description: string;
  kind: 'instance' | 'capability' | 'requirements';
  software: { name: string; version: string };
  implementation: { description: string; url: string };
  fhirVersion: '4.0.1';
  format: string[];
  rest: Array<{
    mode: 'client' | 'server';
    documentation?: string;
    security: {
      service: FhirCodeableConcept[];
      description: string;
    };
    resource: FhirCapabilityStatementResource[];
  }>;
}

/** The resources these builders produce. */
export type FhirResource =
  | FhirRiskAssessment
  | FhirObservation
  | FhirBundle
  | FhirOperationOutcome
  | FhirCapabilityStatement
  | FhirServiceRequest;
