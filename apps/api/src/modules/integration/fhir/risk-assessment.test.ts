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

/** The product's canonical root (decision 0070), written out: a change to it must be seen here. */
const canonical = 'https://fhir.elective-surgical-risk.org';
const adjustmentUrl = `${canonical}/StructureDefinition/clinician-risk-adjustment`;
const defaultValueUrl = `${canonical}/StructureDefinition/risk-model-default-value`;
const inputSystem = `${canonical}/CodeSystem/risk-model-input`;
/** Where an installation is reached: only the searchset's links and full URLs name it. */
const baseUrl = 'https://risk.example.nhs.uk';

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

/** A blood result as a model reads it, by its machine name and unit. */
const labInput = (
  feature: string,
  unit: string,
  value: number | null,
  defaultUsed = false,
): RiskResult['contributions'][number] => ({
  feature,
  displayName: feature,
  contribution: 0.05,
  value,
  unit,
  defaultUsed,
});

/** A contained input by the product's own code (its standard codes, when it has any, come first). */
const containedInput = (resource: { contained?: FhirObservation[] }, code: string) =>
  resource.contained?.find((observation) =>
    observation.code.coding?.some((coding) => coding.system === inputSystem && coding.code === code),
  );

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
    );

    expect(validateFhir(resource)).toEqual([]);
    expect(resource).toMatchObject({
      resourceType: 'RiskAssessment',
      id: '01935f7e-8a2b-7c1d-9e4f-0a1b2c3d4e5f',
      meta: { lastUpdated: '2026-12-01T09:00:00.000Z' },
      identifier: [
        { system: `${canonical}/Id/risk-evaluation`, value: '01935f7e-8a2b-7c1d-9e4f-0a1b2c3d4e5f' },
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
            system: `${canonical}/CodeSystem/risk-model-version`,
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
    );
    expect(validateFhir(resource)).toEqual([]);
    expect(resource.note).toEqual([{ text: recalibratedModelNote }]);
    expect(resource.method.coding?.[0]?.code).toBe('RAN/knee/3');
  });

  it('names a patient without an NHS number by the trust’s local identifier', () => {
    const resource = riskAssessmentResource(
      source({ nhsNumber: null }, { prediction: 'low', probability: 0.021 }),
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
        system: `${canonical}/Id/local-patient-identifier/RAN`,
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
    const resource = riskAssessmentResource(source({ nhsNumber: null, localIdentifier: '  ' }));
    expect(validateFhir(resource)).toEqual([]);
    expect(resource.subject.identifier).toEqual({
      system: `${canonical}/Id/pathway`,
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
    );
    expect(validateFhir(resource)).toEqual([]);
    expect(resource.contained?.[0]).toMatchObject({
      dataAbsentReason: { text: 'Not kept with this evaluation' },
      note: [{ text: 'The value the model was given was not kept with this evaluation.' }],
    });
  });

  it('names its own systems and extensions under the product’s canonical root, never an address', () => {
    const resource = riskAssessmentResource(
      source(
        { nhsNumber: null },
        {
          adjustment: { prediction: 'low', reason: '', by: '', on: '2026-12-01T09:00:00.000Z' },
          contributions: [...riskResult().contributions, labInput('haemoglobin', 'g/L', 128)],
        },
      ),
    );
    expect(validateFhir(resource)).toEqual([]);
    const json = JSON.stringify(resource);
    const national = [
      'https://fhir.nhs.uk/',
      'http://terminology.hl7.org/',
      'http://unitsofmeasure.org',
      'http://snomed.info/sct',
      'http://loinc.org',
    ];
    const own = [...json.matchAll(/"(?:system|url)":"(https?:[^"]*)"/g)]
      .map(([, uri]) => uri!)
      .filter((uri) => !national.some((prefix) => uri.startsWith(prefix)));
    expect(new Set(own)).toEqual(
      new Set([
        `${canonical}/Id/risk-evaluation`,
        `${canonical}/Id/local-patient-identifier/RAN`,
        `${canonical}/CodeSystem/risk-model-version`,
        inputSystem,
        `${canonical}/StructureDefinition/risk-model-contribution`,
        `${canonical}/StructureDefinition/clinician-risk-adjustment`,
      ]),
    );
    expect(json).not.toMatch(/localhost|risk\.example/);
  });

  it('is final unless told otherwise, and dated by what the caller knows changed last', () => {
    const resource = riskAssessmentResource(source({ lastUpdated: '2026-12-02T08:30:00Z' }));
    expect(resource.status).toBe('final');
    expect(resource.meta.lastUpdated).toBe('2026-12-02T08:30:00.000Z');
    expect(riskAssessmentResource(source({ status: 'amended' })).status).toBe('amended');
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
    const json = JSON.stringify(riskAssessmentResource(withPersonalDetails));
    expect(json).not.toMatch(/Margaret|Featherstonehaugh|1951-04-17/);
    expect(json).not.toMatch(/"(name|given|family|birthDate)"/);
    expect(json).not.toContain('"resourceType":"Patient"');
  });
});

describe('the codes of an input', () => {
  const codesOf = (input: RiskResult['contributions'][number]) => {
    const resource = riskAssessmentResource(source({}, { contributions: [input] }));
    expect(validateFhir(resource)).toEqual([]);
    return resource.contained?.[0]?.code.coding;
  };
  const own = (code: string) => ({ system: inputSystem, code, display: code });

  it('gives haemoglobin its SNOMED CT and LOINC codes from the results feed’s table, then the product’s own', () => {
    expect(codesOf(labInput('haemoglobin', 'g/L', 128))).toEqual([
      { system: 'http://snomed.info/sct', code: '1022431000000105', display: 'Haemoglobin estimation' },
      { system: 'http://loinc.org', code: '718-7', display: 'Hemoglobin [Mass/volume] in Blood' },
      own('haemoglobin'),
    ]);
  });

  it('gives each blood result the codes the table marks sent, and only those', () => {
    const codes = (input: RiskResult['contributions'][number]) =>
      codesOf(input)?.map((coding) => `${coding.system}|${coding.code}`);
    const snomed = (code: string) => `http://snomed.info/sct|${code}`;
    const loinc = (code: string) => `http://loinc.org|${code}`;
    expect(codes(labInput('white_blood_count', '10⁹/L', 7.2))).toEqual([
      snomed('1022541000000102'),
      loinc('26464-8'),
      `${inputSystem}|white_blood_count`,
    ]);
    expect(codes(labInput('platelet_count', '10⁹/L', 250))).toEqual([
      snomed('1022651000000100'),
      loinc('26515-7'),
      `${inputSystem}|platelet_count`,
    ]);
    // Their SNOMED CT codes name serum or plasma, which the product does not keep: LOINC's name both.
    expect(codes(labInput('urea', 'mmol/L', 5.1))).toEqual([loinc('22664-7'), `${inputSystem}|urea`]);
    expect(codes(labInput('creatinine', 'µmol/L', 80))).toEqual([
      loinc('14682-9'),
      `${inputSystem}|creatinine`,
    ]);
    expect(codes(labInput('sodium', 'mmol/L', 139))).toEqual([loinc('2951-2'), `${inputSystem}|sodium`]);
    expect(codes(labInput('albumin', 'g/L', 41))).toEqual([loinc('1751-7'), `${inputSystem}|albumin`]);
    expect(codes(labInput('crp', 'mg/L', 4))).toEqual([loinc('1988-5'), `${inputSystem}|crp`]);
    // eGFR's LOINC codes each name a formula, which the product does not keep either.
    expect(codes(labInput('egfr', 'mL/min/1.73m²', 71))).toEqual([
      snomed('1107411000000104'),
      `${inputSystem}|egfr`,
    ]);
  });

  it('keeps the codes on a blood result the record lacked: the Observation is still of that test', () => {
    expect(codesOf(labInput('albumin', 'g/L', 42, true))).toEqual([
      { system: 'http://loinc.org', code: '1751-7', display: 'Albumin [Mass/volume] in Serum or Plasma' },
      own('albumin'),
    ]);
  });

  it('gives only the product’s own code where a standard one would claim what is not known', () => {
    // Another unit than the one the codes were chosen for (creatinine in mg/dL is another LOINC code).
    expect(codesOf(labInput('creatinine', 'mg/dL', 0.9))).toEqual([own('creatinine')]);
    // An evaluation stored before the values were kept has no unit for a factor it did not show.
    expect(codesOf(labInput('haemoglobin', '', null))).toEqual([own('haemoglobin')]);
    // A blood result a model names otherwise is not recognised as one, as the risk summary does not.
    expect(codesOf(labInput('hb', 'g/L', 128))).toEqual([own('hb')]);
    // Inputs that are not blood results have the product's code alone.
    expect(codesOf(riskResult().contributions[0]!)).toEqual([
      { system: inputSystem, code: 'age', display: 'Age' },
    ]);
  });
});

describe('searchsetBundle', () => {
  const selfUrl = `${baseUrl}/fhir/r4/RiskAssessment?subject:identifier=https://fhir.nhs.uk/Id/nhs-number|9990000018`;

  it('answers a search with two assessments, each with its full URL', () => {
    const knee = riskAssessmentResource(source());
    const hip = riskAssessmentResource(
      source(
        { procedure: { code: 'hip', name: 'Hip replacement' } },
        { evaluationId: '01935f7e-8a2b-7c1d-9e4f-0a1b2c3d4e60', prediction: 'medium', probability: 0.08 },
      ),
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
    const bundle = searchsetBundle([riskAssessmentResource(source()), warning], selfUrl, 1);
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
