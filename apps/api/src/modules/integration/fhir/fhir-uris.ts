/**
 * The URIs the FHIR resources name: the national ones this product uses, and its own, which sit
 * under the address the service is reached at (`baseUrl`, e.g. `https://risk.example.nhs.uk`; the
 * FHIR base `https://risk.example.nhs.uk/fhir/r4` is read as the same) so that they cannot be taken
 * for national ones (docs/integration.md).
 */

/** NHS England's identifier systems (https://digital.nhs.uk/services/fhir-apis). */
export const nhsNumberSystem = 'https://fhir.nhs.uk/Id/nhs-number';
export const odsOrganisationSystem = 'https://fhir.nhs.uk/Id/ods-organization-code';

/** HL7 terminology (https://terminology.hl7.org). */
export const riskProbabilitySystem = 'http://terminology.hl7.org/CodeSystem/risk-probability';
export const dataAbsentReasonSystem = 'http://terminology.hl7.org/CodeSystem/data-absent-reason';
export const identifierTypeSystem = 'http://terminology.hl7.org/CodeSystem/v2-0203';
export const restfulSecurityServiceSystem = 'http://terminology.hl7.org/CodeSystem/restful-security-service';
export const ucumSystem = 'http://unitsofmeasure.org';

/** The service's address; a FHIR base (`…/fhir/r4`) given instead is taken to mean the same. */
const origin = (baseUrl: string) => {
  // Trailing slashes are counted off, not matched: an expression would look from each slash of a run.
  let end = baseUrl.length;
  while (end > 0 && baseUrl.charCodeAt(end - 1) === 47) end--;
  return baseUrl.slice(0, end).replace(/\/fhir\/r4$/, '');
};

/** Where the FHIR endpoints are: `[base]` in the specification's words. */
export const fhirBaseUrl = (baseUrl: string) => `${origin(baseUrl)}/fhir/r4`;

/** This product's own identifier systems, code systems and extensions. */
export function productUris(baseUrl: string) {
  const fhir = `${origin(baseUrl)}/fhir`;
  return {
    /** A RiskAssessment's business identifier: the evaluation's id. */
    evaluationIdentifier: `${fhir}/Id/risk-evaluation`,
    /** A trust's local patient identifiers (hospital numbers), which are unique only within it. */
    localPatientIdentifier: (trustCode: string) =>
      `${fhir}/Id/local-patient-identifier/${encodeURIComponent(trustCode)}`,
    /** A pathway's id, for the rare record with neither an NHS number nor a local identifier. */
    pathwayIdentifier: `${fhir}/Id/pathway`,
    /** A trust's model versions: `{trust}/{procedure}/{version}`, e.g. `RAN/knee/2`. */
    riskModelVersion: `${fhir}/CodeSystem/risk-model-version`,
    /** The inputs of the models, by their machine names in the model's wrapper (`age`, `bmi`, …). */
    riskModelInput: `${fhir}/CodeSystem/risk-model-input`,
    clinicianRiskAdjustment: `${fhir}/StructureDefinition/clinician-risk-adjustment`,
    riskModelDefaultValue: `${fhir}/StructureDefinition/risk-model-default-value`,
    riskModelContribution: `${fhir}/StructureDefinition/risk-model-contribution`,
  };
}
export type ProductUris = ReturnType<typeof productUris>;
