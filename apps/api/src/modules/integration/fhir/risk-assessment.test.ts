import { describe, expect, it } from 'vitest';
import { demonstrationModelLabel, messages } from '@esr/contracts/messages';
import { recalibratedModelNote, type RiskResult } from '@esr/contracts/patients';
import { validateFhir } from './fhir-validation.js';
import {
  operationOutcome,
  predictedOutcomeText,
  riskAssessmentResource,
  searchsetBundle,
  type RiskAssessmentSource,
} from './risk-assessment.js';
import type { FhirObservation } from './types.js';

const baseUrl = 'https://risk.example.nhs.uk';
const adjustmentUrl = `${baseUrl}/fhir/StructureDefinition/clinician-risk-adjustment`;
const defaultValueUrl = `${baseUrl}/fhir/StructureDefinition/risk-model-default-value`;

function riskResult(overrides: Partial<RiskResult> = {}): RiskResult {
  return {
    evaluationId: '01935f7e-8a2b-7c1d-9e4f-0a1b2c3d4e5f',
    prediction: 'high',
    probability: 0.183,
    averageProbability: 0.07,
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
        contribution: 0.41,
        value: 74,
        unit: 'years',
        defaultUsed: false,
      },
      {
        feature: 'bmi',
        displayName: 'Body mass index',
        contribution: 0.22,
        value: 36.4,
        unit: 'kg/m²',
        defaultUsed: false,
      },
      {
        feature: 'current_smoker',
        displayName: 'Current smoker',
        contribution: 0.18,
        value: 1,
        unit: '',
        defaultUsed: false,
      },
      { feature: 'copd', displayName: 'COPD', contribution: -0.05, value: 0, unit: '', defaultUsed: false },
    ],
    evaluatedAt: '2026-11-30T10:15:00.000Z',
    reason: 'batch',
    evaluatedBy: 'Scoring run',
    model: {
      name: 'Knee replacement complication risk',
      version: '1.0.0',
      uploadVersion: 2,
      demonstration: false,
      recalibrated: false,
    },
    adjustment: null,
    ...overrides,
  };
}

function source(
  overrides: Partial<RiskAssessmentSource> = {},
  result: Partial<RiskResult> = {},
): RiskAssessmentSource {
  return {
    result: riskResult(result),
    pathwayId: '5b0f3c8e-1d2a-4c6b-9e7f-2a3b4c5d6e7f',
    nhsNumber: '9990000018',
    localIdentifier: 'RAN1234567',
    trustCode: 'RAN',
    procedure: { code: 'knee', name: 'Knee replacement' },
    ...overrides,
  };
}

const containedInput = (resource: { contained?: FhirObservation[] }, code: string) =>
  resource.contained?.find((observation) => observation.code.coding?.[0]?.code === code);

describe('riskAssessmentResource', () => {
  it('says a High knee prediction with defaulted inputs and a clinician’s view, as valid R4', () => {
    const resource = riskAssessmentResource(
      source(
        {},
        {
          isDefaultValueUsed: true,
          defaultsUsed: [
            { feature: 'albumin', displayName: 'Albumin', valueUsed: 42, unit: 'g/L' },
            { feature: 'male', displayName: 'Sex (male)', valueUsed: 0, unit: '' },
          ],
          contributions: [
            ...riskResult().contributions,
            {
              feature: 'albumin',
              displayName: 'Albumin',
              contribution: 0.02,
              value: 42,
              unit: 'g/L',
              defaultUsed: true,
            },
            {
              feature: 'male',
              displayName: 'Sex (male)',
              contribution: -0.01,
              value: 0,
              unit: '',
              defaultUsed: true,
            },
          ],
          adjustment: {
            prediction: 'medium',
            reason: 'Albumin normal on the ward last week',
            by: 'Dr Priya Shah',
            on: '2026-12-01T09:00:00.000Z',
          },
        },
      ),
      baseUrl,
    );

    expect(validateFhir(resource)).toEqual([]);
    expect(resource).toMatchObject({
      resourceType: 'RiskAssessment',
      id: '01935f7e-8a2b-7c1d-9e4f-0a1b2c3d4e5f',
      meta: { lastUpdated: '2026-12-01T09:00:00.000Z' },
      identifier: [
        { system: `${baseUrl}/fhir/Id/risk-evaluation`, value: '01935f7e-8a2b-7c1d-9e4f-0a1b2c3d4e5f' },
      ],
      status: 'final',
      subject: {
        type: 'Patient',
        identifier: { system: 'https://fhir.nhs.uk/Id/nhs-number', value: '9990000018' },
      },
      occurrenceDateTime: '2026-11-30T10:15:00.000Z',
      method: {
        coding: [
          {
            system: `${baseUrl}/fhir/CodeSystem/risk-model-version`,
            code: 'RAN/knee/2',
            display: 'Knee replacement complication risk, version 2 (model card 1.0.0)',
          },
        ],
        text: 'Knee replacement complication risk, version 2 (model card 1.0.0)',
      },
    });
    expect(resource.prediction).toEqual([
      {
        outcome: { text: predictedOutcomeText },
        probabilityDecimal: 0.183,
        qualitativeRisk: {
          coding: [
            {
              system: 'http://terminology.hl7.org/CodeSystem/risk-probability',
              code: 'high',
              display: 'High likelihood',
            },
          ],
          text: 'High risk',
        },
        rationale: 'Probability 18.3% (0.183 as a fraction of 1): high risk by the model’s thresholds.',
      },
    ]);
    expect(predictedOutcomeText).toBe('Complication within 90 days of the operation');

    // The clinician's view beside the model's, which stays the model's.
    expect(resource.extension).toEqual([
      {
        url: adjustmentUrl,
        extension: [
          {
            url: 'qualitativeRisk',
            valueCodeableConcept: {
              coding: [
                {
                  system: 'http://terminology.hl7.org/CodeSystem/risk-probability',
                  code: 'moderate',
                  display: 'Moderate likelihood',
                },
              ],
              text: 'Moderate risk',
            },
          },
          { url: 'reason', valueString: 'Albumin normal on the ward last week' },
          { url: 'recordedBy', valueString: 'Dr Priya Shah' },
          { url: 'recorded', valueDateTime: '2026-12-01T09:00:00.000Z' },
        ],
      },
    ]);
    expect(resource.text?.status).toBe('extensions');
    expect(resource.text?.div).toContain(
      'Clinician’s view: Moderate risk, recorded 01-Dec-2026 09:00 (UK time) by Dr Priya Shah',
    );

    // One contained Observation per input, each referenced from basis.
    expect(resource.contained).toHaveLength(6);
    expect(resource.basis).toEqual(resource.contained?.map((input) => ({ reference: `#${input.id}` })));
    expect(containedInput(resource, 'age')).toMatchObject({
      status: 'final',
      code: { text: 'Age' },
      valueQuantity: { value: 74, unit: 'years', system: 'http://unitsofmeasure.org', code: 'a' },
    });
    expect(containedInput(resource, 'bmi')?.valueQuantity).toEqual({
      value: 36.4,
      unit: 'kg/m²',
      system: 'http://unitsofmeasure.org',
      code: 'kg/m2',
    });

    // A defaulted input is not the patient's value: not known, with the model's stand-in beside it.
    const albumin = containedInput(resource, 'albumin')!;
    expect(albumin.valueQuantity).toBeUndefined();
    expect(albumin.dataAbsentReason).toEqual({
      coding: [
        {
          system: 'http://terminology.hl7.org/CodeSystem/data-absent-reason',
          code: 'unknown',
          display: 'Unknown',
        },
      ],
      text: 'Not recorded',
    });
    expect(albumin.extension).toContainEqual({
      url: defaultValueUrl,
      valueQuantity: { value: 42, unit: 'g/L', system: 'http://unitsofmeasure.org', code: 'g/L' },
    });
    expect(albumin.note).toEqual([
      { text: 'Not recorded: the model used 42 g/L because the record has none.' },
    ]);

    expect(resource.note?.map((note) => note.text)).toEqual([
      `${messages.defaultValuesUsed} The model used these values because the record has none:\n\n- Albumin: 42 g/L (not recorded)\n- Sex (male): No (not recorded)`,
    ]);
  });

  it('writes a yes/no input as a boolean, recorded or defaulted', () => {
    const resource = riskAssessmentResource(
      source(
        {},
        {
          contributions: [
            ...riskResult().contributions,
            {
              feature: 'male',
              displayName: 'Sex (male)',
              contribution: -0.01,
              value: 0,
              unit: '',
              defaultUsed: true,
            },
          ],
          isDefaultValueUsed: true,
          defaultsUsed: [{ feature: 'male', displayName: 'Sex (male)', valueUsed: 0, unit: '' }],
        },
      ),
      baseUrl,
    );
    expect(validateFhir(resource)).toEqual([]);

    const smoker = containedInput(resource, 'current_smoker')!;
    expect(smoker.valueBoolean).toBe(true);
    expect(smoker.valueQuantity).toBeUndefined();
    expect(smoker.code.text).toBe('Current smoker');
    // The comorbidity is named as the remodel form and the factors table name it.
    const copd = containedInput(resource, 'copd')!;
    expect(copd.valueBoolean).toBe(false);
    // A feature's machine name is a code, never an id (ids take no underscore).
    expect(smoker.id).toMatch(/^[A-Za-z0-9\-.]{1,64}$/);

    const male = containedInput(resource, 'male')!;
    expect(male.valueBoolean).toBeUndefined();
    expect(male.extension).toContainEqual({ url: defaultValueUrl, valueBoolean: false });
    expect(male.note).toEqual([{ text: 'Not recorded: the model used No because the record has none.' }]);
  });

  it('labels a demonstration model’s prediction wherever it is read', () => {
    const resource = riskAssessmentResource(
      source({}, { model: { ...riskResult().model, demonstration: true } }),
      baseUrl,
    );
    expect(validateFhir(resource)).toEqual([]);
    expect(resource.note?.[0]?.text).toBe(demonstrationModelLabel);
    expect(resource.method.text).toBe(
      `Knee replacement complication risk, version 2 (model card 1.0.0). ${demonstrationModelLabel}`,
    );
    expect(resource.text?.div).toContain(`<p><strong>${demonstrationModelLabel}</strong></p>`);
    expect(resource.text?.status).toBe('generated');
  });

  it('says a recalibrated version’s factors are on the original model’s scale', () => {
    const resource = riskAssessmentResource(
      source({}, { model: { ...riskResult().model, uploadVersion: 3, recalibrated: true } }),
      baseUrl,
    );
    expect(validateFhir(resource)).toEqual([]);
    expect(resource.note).toEqual([{ text: recalibratedModelNote }]);
    expect(resource.method.coding?.[0]?.code).toBe('RAN/knee/3');
  });

  it('names a patient without an NHS number by the trust’s local identifier', () => {
    const resource = riskAssessmentResource(
      source({ nhsNumber: null }, { prediction: 'low', probability: 0.021 }),
      baseUrl,
    );
    expect(validateFhir(resource)).toEqual([]);
    expect(resource.subject).toEqual({
      type: 'Patient',
      identifier: {
        type: {
          coding: [
            {
              system: 'http://terminology.hl7.org/CodeSystem/v2-0203',
              code: 'MR',
              display: 'Medical record number',
            },
          ],
        },
        system: `${baseUrl}/fhir/Id/local-patient-identifier/RAN`,
        value: 'RAN1234567',
        assigner: {
          type: 'Organization',
          identifier: { system: 'https://fhir.nhs.uk/Id/ods-organization-code', value: 'RAN' },
        },
      },
    });
    expect(resource.prediction[0]?.qualitativeRisk?.coding).toEqual([
      {
        system: 'http://terminology.hl7.org/CodeSystem/risk-probability',
        code: 'low',
        display: 'Low likelihood',
      },
    ]);
    expect(resource.prediction[0]?.probabilityDecimal).toBe(0.021);
    expect(resource.extension).toBeUndefined();
    expect(resource.note).toBeUndefined();
  });

  it('falls back to the pathway when the record has no identifier at all', () => {
    const resource = riskAssessmentResource(source({ nhsNumber: null, localIdentifier: '  ' }), baseUrl);
    expect(validateFhir(resource)).toEqual([]);
    expect(resource.subject.identifier).toEqual({
      system: `${baseUrl}/fhir/Id/pathway`,
      value: '5b0f3c8e-1d2a-4c6b-9e7f-2a3b4c5d6e7f',
    });
  });

  it('keeps an anomaly flag and escapes what people typed', () => {
    const reason = 'Looks <b>wrong</b> & *surely* [see](javascript:alert(1))';
    const resource = riskAssessmentResource(
      source(
        {},
        {
          isAnomaly: true,
          anomalyReason: reason,
          adjustment: { prediction: 'low', reason: '', by: 'Dr Priya Shah', on: '2026-11-29T09:00:00.000Z' },
        },
      ),
      baseUrl,
    );
    expect(validateFhir(resource)).toEqual([]);
    expect(resource.note?.[0]?.text).toBe(
      'This result is flagged as an anomaly. Reason given: Looks \\<b\\>wrong\\</b\\> \\& \\*surely\\* \\[see\\](javascript:alert(1))',
    );
    expect(resource.text?.div).toContain('Looks &lt;b&gt;wrong&lt;/b&gt; &amp; *surely*');
    // A view recorded without a reason has no reason sub-extension (FHIR has no empty strings).
    expect(resource.extension?.[0]?.extension?.map((extension) => extension.url)).toEqual([
      'qualitativeRisk',
      'recordedBy',
      'recorded',
    ]);
    // The view was recorded before this evaluation: the evaluation is the later change.
    expect(resource.meta.lastUpdated).toBe('2026-11-30T10:15:00.000Z');
  });

  it('says when an old evaluation kept no value for an input', () => {
    const resource = riskAssessmentResource(
      source(
        {},
        {
          contributions: [
            {
              feature: 'crp',
              displayName: 'CRP',
              contribution: 0.1,
              value: null,
              unit: 'mg/L',
              defaultUsed: false,
            },
          ],
        },
      ),
      baseUrl,
    );
    expect(validateFhir(resource)).toEqual([]);
    expect(resource.contained?.[0]).toMatchObject({
      dataAbsentReason: { text: 'Not kept with this evaluation' },
      note: [{ text: 'The value the model was given was not kept with this evaluation.' }],
    });
  });

  it('reads a FHIR base given as baseUrl as the service’s address', () => {
    expect(riskAssessmentResource(source(), `${baseUrl}/fhir/r4/`)).toEqual(
      riskAssessmentResource(source(), baseUrl),
    );
  });

  it('is final unless told otherwise, and dated by what the caller knows changed last', () => {
    const resource = riskAssessmentResource(source({ lastUpdated: '2026-12-02T08:30:00Z' }), baseUrl);
    expect(resource.status).toBe('final');
    expect(resource.meta.lastUpdated).toBe('2026-12-02T08:30:00.000Z');
    expect(riskAssessmentResource(source({ status: 'amended' }), baseUrl).status).toBe('amended');
  });

  it('never says a patient’s name, date of birth or anything else the source does not need', () => {
    const withPersonalDetails = {
      ...source(
        {},
        {
          adjustment: {
            prediction: 'medium',
            reason: 'Seen in clinic',
            by: 'Dr Priya Shah',
            on: '2026-12-01T09:00:00.000Z',
          },
        },
      ),
      firstName: 'Margaret',
      lastName: 'Featherstonehaugh',
      dateOfBirth: '1951-04-17',
    };
    const json = JSON.stringify(riskAssessmentResource(withPersonalDetails, baseUrl));
    expect(json).not.toMatch(/Margaret|Featherstonehaugh|1951-04-17/);
    expect(json).not.toMatch(/"(name|given|family|birthDate)"/);
    expect(json).not.toContain('"resourceType":"Patient"');
  });
});

describe('searchsetBundle', () => {
  const selfUrl = `${baseUrl}/fhir/r4/RiskAssessment?subject:identifier=https://fhir.nhs.uk/Id/nhs-number|9990000018`;

  it('answers a search with two assessments, each with its full URL', () => {
    const knee = riskAssessmentResource(source(), baseUrl);
    const hip = riskAssessmentResource(
      source(
        { procedure: { code: 'hip', name: 'Hip replacement' } },
        { evaluationId: '01935f7e-8a2b-7c1d-9e4f-0a1b2c3d4e60', prediction: 'medium', probability: 0.08 },
      ),
      baseUrl,
    );
    const bundle = searchsetBundle([knee, hip], selfUrl);
    expect(validateFhir(bundle)).toEqual([]);
    expect(bundle).toMatchObject({
      resourceType: 'Bundle',
      type: 'searchset',
      total: 2,
      link: [{ relation: 'self', url: selfUrl }],
      entry: [
        {
          fullUrl: `${baseUrl}/fhir/r4/RiskAssessment/${knee.id}`,
          resource: knee,
          search: { mode: 'match' },
        },
        { fullUrl: `${baseUrl}/fhir/r4/RiskAssessment/${hip.id}`, resource: hip, search: { mode: 'match' } },
      ],
    });
  });

  it('answers a search that found nothing with no entries at all', () => {
    const bundle = searchsetBundle([], selfUrl);
    expect(validateFhir(bundle)).toEqual([]);
    expect(bundle).toEqual({
      resourceType: 'Bundle',
      type: 'searchset',
      total: 0,
      link: [{ relation: 'self', url: selfUrl }],
    });
  });

  it('marks an OperationOutcome as the search’s own message, not a match', () => {
    const warning = operationOutcome([
      {
        severity: 'warning',
        code: 'processing',
        diagnostics: 'Only the current evaluation of each pathway is shown',
      },
    ]);
    const bundle = searchsetBundle([riskAssessmentResource(source(), baseUrl), warning], selfUrl, 1);
    expect(validateFhir(bundle)).toEqual([]);
    expect(bundle.total).toBe(1);
    expect(bundle.entry?.[1]).toEqual({ resource: warning, search: { mode: 'outcome' } });
  });
});

describe('operationOutcome', () => {
  it('names each issue and the element at fault', () => {
    const outcome = operationOutcome([
      {
        severity: 'error',
        code: 'required',
        diagnostics: 'The search needs subject:identifier with an NHS number',
        expression: ['RiskAssessment.subject'],
      },
      { severity: 'error', code: 'not-found', diagnostics: 'No risk assessment has this id' },
    ]);
    expect(validateFhir(outcome)).toEqual([]);
    expect(outcome).toEqual({
      resourceType: 'OperationOutcome',
      issue: [
        {
          severity: 'error',
          code: 'required',
          diagnostics: 'The search needs subject:identifier with an NHS number',
          expression: ['RiskAssessment.subject'],
        },
        { severity: 'error', code: 'not-found', diagnostics: 'No risk assessment has this id' },
      ],
    });
  });

  it('says all is well when there is nothing to say, since an outcome needs an issue', () => {
    const outcome = operationOutcome([]);
    expect(validateFhir(outcome)).toEqual([]);
    expect(outcome.issue).toEqual([
      { severity: 'information', code: 'informational', diagnostics: 'All OK' },
    ]);
  });
});
