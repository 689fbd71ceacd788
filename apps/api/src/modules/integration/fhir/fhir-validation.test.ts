import { describe, expect, it } from 'vitest';
import { riskAssessmentResource, type RiskAssessmentSource } from './risk-assessment.js';
import { validateFhir } from './fhir-validation.js';

/** The validator earns its place in the other tests only if it refuses what R4 refuses. */
describe('validateFhir', () => {
  const source: RiskAssessmentSource = {
    result: {
      evaluationId: 'e1',
      prediction: 'high',
      probability: 0.2,
      averageProbability: null,
      isAnomaly: false,
      anomalyReason: null,
      isDefaultValueUsed: false,
      defaultsUsed: [],
      outsideModelRange: [],
      missingRequiredInputs: [],
      staleInputs: [],
      bloodResults: [],
      featureImportance: [],
      contributions: [
        {
          feature: 'age',
          displayName: 'Age',
          contribution: 0.3,
          value: 70,
          unit: 'years',
          defaultUsed: false,
        },
      ],
      evaluatedAt: '2026-11-30T10:15:00.000Z',
      reason: 'batch',
      evaluatedBy: 'Scoring run',
      model: {
        name: 'Knee model',
        version: '1.0.0',
        uploadVersion: 1,
        demonstration: false,
        recalibrated: false,
      },
      adjustment: null,
    },
    pathwayId: 'p1',
    nhsNumber: '9990000026',
    localIdentifier: null,
    trustCode: 'RAN',
    procedure: { code: 'knee', name: 'Knee replacement' },
  };
  const valid = () =>
    structuredClone(riskAssessmentResource(source)) as unknown as Record<string, unknown> & {
      prediction: Array<Record<string, unknown>>;
      contained: Array<Record<string, unknown>>;
    };
  const problems = (resource: unknown) =>
    validateFhir(resource).map((found) => `${found.expression}: ${found.message}`);

  it('accepts the valid resource the others are changed from', () => {
    expect(validateFhir(valid())).toEqual([]);
  });

  it('refuses a qualitative risk written as a string', () => {
    const resource = valid();
    resource.prediction[0]!.qualitativeRisk = 'high';
    expect(problems(resource).some((p) => p.startsWith('RiskAssessment.prediction[0].qualitativeRisk'))).toBe(
      true,
    );
  });

  it('refuses a missing subject, an unknown element and a wrongly typed probability', () => {
    const resource = valid();
    delete resource.subject;
    resource.riskScore = 3;
    resource.prediction[0]!.probabilityDecimal = '0.2';
    const found = problems(resource);
    expect(found).toContainEqual(expect.stringMatching(/^RiskAssessment\.subject: /));
    expect(found).toContainEqual(expect.stringMatching(/^RiskAssessment\.riskScore: /));
    expect(found).toContainEqual(expect.stringMatching(/^RiskAssessment\.prediction\[0\]\.probability/));
  });

  it('refuses codes outside a required binding and unknown codes of HL7 code systems', () => {
    const resource = valid();
    resource.status = 'done';
    (resource.prediction[0]!.qualitativeRisk as { coding: Array<{ code: string }> }).coding[0]!.code =
      'very-high';
    const found = problems(resource);
    expect(found).toContainEqual(
      "RiskAssessment.status: 'done' is not a code of http://hl7.org/fhir/ValueSet/observation-status",
    );
    expect(found).toContainEqual(
      "RiskAssessment.prediction[0].qualitativeRisk.coding[0].code: 'very-high' is not a code of http://terminology.hl7.org/CodeSystem/risk-probability",
    );
  });

  it('checks contained resources as resources: a value beside a reason it is absent (obs-6), an id, a reference', () => {
    const resource = valid();
    Object.assign(resource.contained[0]!, { id: 'input_1', dataAbsentReason: { text: 'Not recorded' } });
    const found = problems(resource);
    expect(found).toContainEqual(
      expect.stringMatching(/^RiskAssessment\.contained\[0\]: Constraint obs-6 not met/),
    );
    expect(found).toContainEqual(expect.stringMatching(/^RiskAssessment\.contained\[0\]\.id: /));
    expect(found).toContainEqual('RiskAssessment: The reference #input-1 names no contained resource');
    expect(found).toContainEqual(
      'RiskAssessment: dom-3: the contained resource input_1 is referenced from nowhere in the resource',
    );
  });

  it('refuses what FHIR JSON has no room for: empty arrays, objects and strings', () => {
    const resource = valid();
    Object.assign(resource, { note: [], code: {}, implicitRules: ' ' });
    const found = problems(resource);
    expect(found).toContainEqual('RiskAssessment.note: An array must not be empty');
    expect(found).toContainEqual('RiskAssessment.code: An object must not be empty');
    expect(found).toContainEqual(
      'RiskAssessment.implicitRules: A value must have some non-whitespace content',
    );
  });

  it('refuses a narrative with markup a receiver must not run', () => {
    const resource = valid();
    resource.text = {
      status: 'generated',
      div: '<div xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script>&nbsp;</div>',
    };
    const found = problems(resource);
    expect(found).toContainEqual('RiskAssessment.text.div: <script> is not allowed in a narrative');
    expect(found).toContainEqual(
      'RiskAssessment.text.div: XHTML has only the XML entities (&amp; &lt; &gt; &quot; &apos; and numeric ones)',
    );
  });

  it('checks a resource inside a Bundle entry as a resource', () => {
    const entry = valid();
    entry.status = 'done';
    const found = problems({
      resourceType: 'Bundle',
      type: 'searchset',
      total: 1,
      entry: [{ resource: entry }],
    });
    expect(found).toContainEqual(
      "Bundle.entry[0].resource.status: 'done' is not a code of http://hl7.org/fhir/ValueSet/observation-status",
    );
  });

  it('refuses what is not a resource at all', () => {
    expect(problems({ status: 'final' })).toEqual(['(root): Not a FHIR resource: there is no resourceType']);
  });
});
