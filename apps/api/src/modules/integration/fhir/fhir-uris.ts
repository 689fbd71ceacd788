/**
 * The URIs the FHIR resources name: the national ones this product uses, and its own. Its own
 * identifier systems, code systems and extensions sit under one canonical root that names the
 * product, never an installation (decision 0070): a receiving system files a code or an identifier
 * by its system, so the system must be the same from every installation and every address one is
 * reached at. Only the addresses of resources (`fullUrl`, links, the CapabilityStatement's
 * `implementation.url`) are the installation's own (docs/integration.md "Code systems and
 * identifiers").
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

/**
 * The root of this product's own URIs (decision 0070). It is an identifier, not an address to fetch;
 * once a receiving system has filed codes under it, changing it would orphan them.
 */
export const productCanonicalBase = 'https://fhir.elective-surgical-risk.org';

/** The inputs of the models, by their machine names in the model's wrapper (`age`, `bmi`, …). */
export const riskModelInputSystem = `${productCanonicalBase}/CodeSystem/risk-model-input`;

/** This product's own identifier systems, code systems and extensions. */
export const productUris = {
  /** A RiskAssessment's business identifier: the evaluation's id. */
  evaluationIdentifier: `${productCanonicalBase}/Id/risk-evaluation`,
  /** A trust's local patient identifiers (hospital numbers), which are unique only within it. */
  localPatientIdentifier: (trustCode: string) =>
    `${productCanonicalBase}/Id/local-patient-identifier/${encodeURIComponent(trustCode)}`,
  /** A pathway's id, for the rare record with neither an NHS number nor a local identifier. */
  pathwayIdentifier: `${productCanonicalBase}/Id/pathway`,
  /** A trust's model versions: `{trust}/{procedure}/{version}`, e.g. `RAN/knee/2`. */
  riskModelVersion: `${productCanonicalBase}/CodeSystem/risk-model-version`,
  riskModelInput: riskModelInputSystem,
  clinicianRiskAdjustment: `${productCanonicalBase}/StructureDefinition/clinician-risk-adjustment`,
  riskModelDefaultValue: `${productCanonicalBase}/StructureDefinition/risk-model-default-value`,
  riskModelContribution: `${productCanonicalBase}/StructureDefinition/risk-model-contribution`,
  /** A referral to optimise a risk factor before surgery (decision 0071): the entry's id. */
  optimisationReferral: `${productCanonicalBase}/Id/optimisation-referral`,
  /** The risk factors optimised before surgery: anaemia, smoking, diabetes, … (docs/optimisation.md). */
  optimisationFactor: `${productCanonicalBase}/CodeSystem/optimisation-factor`,
} as const;
