import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { demonstrationModelLabel, messages } from '@esr/contracts/messages';
import { hasValidCheckDigit } from '@esr/contracts/nhs-number';
import type { HistoryEntry, RiskSummary } from '@esr/contracts/patients';
import { remodelFields, type RemodelValues } from '@esr/contracts/remodel';
import { riskSummaryPdf, type RiskSummaryPdfInput } from './patient-pdf.js';

// pdftotext and pdfinfo (Debian poppler-utils; `node scripts/ensure-pdftotext.mjs`) must be
// installed: without them these tests fail, never skip.
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'patient-pdf-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

const nhsNumber = '9991234578';
const name = "Siobhán Zoë O'Brien-Łukasz";

function riskSummary(overrides: Partial<RiskSummary> = {}): RiskSummary {
  return {
    id: '6f1c2a52-5d0e-4f7b-9a51-0c7b2d7e9a11',
    nhsNumber,
    medicalRecordNumber: 'RAN-004512',
    firstName: 'Siobhán Zoë',
    lastName: "O'Brien-Łukasz",
    dateOfBirth: '1948-03-05',
    operationType: 'knee',
    surgeonName: 'Ms Adaeze Okonkwo',
    surgery: 'ready',
    social: 'no_social_concerns',
    exclusion: null,
    suspendedOn: null,
    isActive: true,
    status: 'processed',
    result: {
      evaluationId: '0b8f0d1e-7d8c-4e55-8d1c-2f3a4b5c6d7e',
      prediction: 'high',
      probability: 0.1834,
      averageProbability: 0.061,
      isAnomaly: false,
      anomalyReason: null,
      adjustment: null,
      isDefaultValueUsed: true,
      outsideModelRange: [],
      missingRequiredInputs: [],
      staleInputs: [],
      bloodResults: [],
      defaultsUsed: [
        { feature: 'albumin', displayName: 'Serum albumin', valueUsed: 38.5, unit: 'g/L' },
        { feature: 'hfl', displayName: 'Heart failure', valueUsed: 0, unit: '' },
      ],
      featureImportance: [
        {
          feature: 'age',
          displayName: 'Age at operation',
          importance: 'high',
          value: 78,
          unit: 'years',
          defaultUsed: false,
        },
        {
          feature: 'albumin',
          displayName: 'Serum albumin',
          importance: 'medium',
          value: 38.5,
          unit: 'g/L',
          defaultUsed: true,
        },
      ],
      contributions: [
        {
          feature: 'age',
          displayName: 'Age at operation',
          contribution: 0.42,
          value: 78,
          unit: 'years',
          defaultUsed: false,
        },
        {
          feature: 'albumin',
          displayName: 'Serum albumin',
          contribution: 0.18,
          value: 38.5,
          unit: 'g/L',
          defaultUsed: true,
        },
      ],
      // 10:05 in London (BST).
      evaluatedAt: '2026-07-14T09:05:00.000Z',
      reason: 'batch',
      evaluatedBy: 'Scheduled scoring',
      model: {
        name: 'Knee complications',
        version: '1.2.0',
        uploadVersion: 3,
        demonstration: true,
        recalibrated: false,
      },
    },
    areasOfImprovement: {
      dos: [
        {
          title: 'Check for anaemia and treat it before surgery',
          description:
            'Haemoglobin below 130 g/L is linked with more complications and blood transfusion. Check iron stores (ferritin and transferrin saturation), vitamin B12 and folate, and treat the cause, often iron deficiency, before the operation.',
        },
      ],
    },
    failure: null,
    change: null,
    clericalChanges: [],
    identityConflicts: [],
    acceptedDateOfBirth: null,
    ...overrides,
  };
}

/** The advice the product's models give (ml/train_default_models.py), written for the clinical team. */
const modelAdvice: [string, string][] = [
  [
    'Support to stop smoking',
    'Smoking raises the risk of wound, chest and heart problems after surgery. Offer referral to the local NHS Stop Smoking Service. Stopping at least 4 weeks before the operation gives the most benefit, but stopping at any time helps.',
  ],
  [
    'Check for anaemia and treat it before surgery',
    'Haemoglobin below 130 g/L is linked with more complications and blood transfusion. Check iron stores (ferritin and transferrin saturation), vitamin B12 and folate, and treat the cause, often iron deficiency, before the operation.',
  ],
  [
    'Review diabetes control',
    'Diabetes treated with insulin is linked with more complications. Check HbA1c and agree a plan for managing diabetes around surgery. National guidance (CPOC) advises an HbA1c below 69 mmol/mol before planned surgery where possible.',
  ],
  [
    'Check blood pressure control',
    'Make sure blood pressure is measured and treated before surgery. National guidance (AAGBI and British Hypertension Society) expects readings below 160/100 mmHg in primary care before referral for planned surgery.',
  ],
  [
    'Support to lose weight',
    'A body mass index (BMI) of 35 or more is linked with more wound problems and other complications. Offer advice on healthy eating and activity, or referral to a local weight management service.',
  ],
  [
    'Consider a specialist weight management referral',
    'A BMI of 40 or more is linked with a steep rise in complications, including infection. Consider referral to a specialist weight management service and discuss the timing of surgery with the patient.',
  ],
  [
    'Review nutrition',
    'Albumin below 35 g/L can be a sign of poor nutrition or ongoing inflammation, both linked with infection and slower recovery. Screen for malnutrition (for example with MUST) and consider referral to a dietitian.',
  ],
  [
    'Review diabetes control',
    'Diabetes is linked with more wound and infection problems. Check HbA1c and agree a plan for managing diabetes around surgery. National guidance (CPOC) advises an HbA1c below 69 mmol/mol before planned surgery where possible.',
  ],
  [
    'Review kidney function and medicines',
    'An eGFR below 60 suggests chronic kidney disease (stage 3 or worse), which is linked with more complications. Review medicines that affect the kidneys, such as anti-inflammatory painkillers (NSAIDs), ACE inhibitors and diuretics, and plan fluids around surgery.',
  ],
  [
    'Find the cause of low sodium',
    'Sodium below 135 mmol/L is linked with more complications. Look for a cause, including medicines such as thiazide diuretics and some antidepressants, and correct it before surgery where possible.',
  ],
  [
    'Optimise chest health',
    'COPD is linked with chest infections and readmission after surgery. Review inhaler treatment and technique, and offer pulmonary rehabilitation where it is appropriate.',
  ],
];

function inputs(values: Partial<RemodelValues>): HistoryEntry['inputs'] {
  const blank = Object.fromEntries(remodelFields.map((field) => [field, ''])) as RemodelValues;
  return { ...blank, ...values };
}

function pdfInput(overrides: Partial<RiskSummaryPdfInput> = {}): RiskSummaryPdfInput {
  return {
    summary: riskSummary(),
    trustName: 'Royal Anywhere NHS Foundation Trust',
    procedureName: 'Knee replacement',
    // 14:45 in London (BST).
    generatedAt: new Date('2026-07-15T13:45:00.000Z'),
    ...overrides,
  };
}

interface Rendered {
  bytes: Buffer;
  /** Each page's text, whitespace runs (line breaks, table gaps) as one space. */
  pages: string[];
  /** How many lines of text each page holds, its running header and footer included. */
  linesOfPages: number[];
  text: string;
  info: string;
  structure: string;
}

async function render(input: RiskSummaryPdfInput): Promise<Rendered> {
  const chunks: Buffer[] = [];
  for await (const chunk of riskSummaryPdf(input)) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  const file = path.join(folder, `summary-${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, bytes);
  const raw = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  const rawPages = raw.split('\f').filter((page) => page.trim() !== '');
  const pages = rawPages.map((page) => page.replace(/\s+/g, ' ').trim());
  const linesOfPages = rawPages.map((page) => page.split('\n').filter((line) => line.trim() !== '').length);
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const structure = execFileSync('pdfinfo', ['-struct-text', file], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { bytes, pages, linesOfPages, text: pages.join(' '), info, structure };
}

describe('riskSummaryPdf', () => {
  it('prints the clinical summary first and the patient page last', async () => {
    expect(hasValidCheckDigit(nhsNumber)).toBe(true);
    const pdf = await render(pdfInput());
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The clinical summary takes two pages with the model's advice in full; the patient's one.
    expect(pdf.pages).toHaveLength(3);
    const first = pdf.pages.slice(0, -1).join(' ');
    const second = pdf.pages.at(-1)!;

    expect(first).toContain('Elective Surgical Risk');
    expect(first).toContain('Royal Anywhere NHS Foundation Trust');
    expect(first).toContain('Risk summary');
    expect(first).toContain(`Name ${name}`);
    expect(first).toContain('NHS number 999 123 4578');
    expect(first).toContain('Local patient identifier RAN-004512');
    expect(first).toContain('Date of birth 05-Mar-1948');
    expect(first).toContain('Operation type Knee replacement');
    expect(first).toContain('Consultant surgeon Ms Adaeze Okonkwo');
    expect(first).toContain('High risk');
    expect(first).toContain('Probability of a complication within 90 days: 18.3%');
    expect(first).toContain('Average for Knee replacement at this trust: 6.1%');
    expect(first).not.toContain(messages.anomalyBanner);
    expect(first).toContain(messages.defaultValuesUsed);
    expect(first).toContain('Factor Importance Value');
    expect(first).toContain('Age at operation High 78 years');
    expect(first).toContain('Serum albumin Moderate 38.5 g/L (normalised value)');
    expect(first).toContain('Check for anaemia and treat it before surgery');
    expect(first).toContain('Check iron stores (ferritin and transferrin saturation)');
    expect(first).toContain('Model: Knee complications');
    expect(first).toContain('Version: 3 (model card 1.2.0)');
    expect(first).toContain('Evaluated: 14-Jul-2026 10:05 (UK time)');
    expect(first).toContain('Generated: 15-Jul-2026 14:45 (UK time)');
    expect(first).toContain(demonstrationModelLabel);
    expect(first).toContain('Page 1 of 3');
    expect(first).toContain('Page 2 of 3');
    expect(first).not.toContain('About your result');
    expect(first).not.toContain('Details the model used');

    expect(second).toContain('About your result');
    expect(second).toContain(`Name: ${name}`);
    expect(second).toContain('NHS number: 999 123 4578');
    expect(second).toContain('in the 90 days after your knee replacement operation');
    expect(second).toContain('Its estimate is high.');
    expect(second).toContain('higher than for most people having this operation');
    expect(second).toContain('about 18 may have a complication');
    expect(second).toContain('This is an estimate, not a certainty.');
    // The model's advice in the patient's words, not the clinical team's.
    expect(second).toContain('Your blood count');
    expect(second).toContain('This is called anaemia.');
    expect(second).not.toContain('ferritin');
    expect(second).toContain('contact your hospital team at Royal Anywhere NHS Foundation Trust');
    expect(second).toContain(demonstrationModelLabel);
    expect(second).toContain('Page 3 of 3');
  });

  it('names, under the normalised-values warning, each input the model defaulted and the value used (decision 0035)', async () => {
    const pdf = await render(pdfInput());
    const [first] = pdf.pages as [string];
    expect(first).toContain(
      `${messages.defaultValuesUsed} The model used these values because the record has none: ` +
        '• Albumin: 38.5 g/L (not recorded) • Heart failure: No (not recorded)',
    );
    // Tagged as a list: each item a label and a body.
    const lines = pdf.structure.split('\n').map((line) => line.trim());
    const item = lines.indexOf('"Albumin: 38.5 g/L (not recorded)"');
    expect(lines.slice(item - 6, item).map((line) => line.replace(/ \(block\)$/, ''))).toEqual([
      'L',
      'LI',
      'Lbl',
      '"•"',
      'LBody',
      'P',
    ]);

    const complete = await render(
      pdfInput({ summary: riskSummary({ result: { ...riskSummary().result!, defaultsUsed: [] } }) }),
    );
    expect(complete.text).toContain(messages.defaultValuesUsed);
    expect(complete.text).not.toContain('The model used these values');
  });

  it('names each value outside the data the model learnt from, beside the prediction', async () => {
    const pdf = await render(
      pdfInput({
        summary: riskSummary({
          result: {
            ...riskSummary().result!,
            outsideModelRange: [
              { field: 'haemoglobin', label: 'Haemoglobin', value: 45, unit: 'g/L', min: 50, max: 200 },
            ],
          },
        }),
      }),
    );
    const [first] = pdf.pages as [string];
    expect(first).toContain(
      'Values outside the data the model learnt from. The model learnt from patients whose results lay inside these ranges',
    );
    expect(first).toContain('• Haemoglobin 45 g/L (the model learnt from 50 to 200 g/L)');
    expect((await render(pdfInput())).text).not.toContain('outside the data the model learnt from');
  });

  it('is a tagged PDF with headings, paragraphs and tables, and no patient details in its metadata', async () => {
    const pdf = await render(pdfInput());
    expect(pdf.info).toMatch(/^Tagged:\s+yes$/m);
    expect(pdf.info).toMatch(/^Page size:.*\(A4\)$/m);
    expect(pdf.info).toMatch(/^Title:\s+Risk summary – Knee replacement$/m);
    expect(pdf.info).not.toContain('Siobhán');
    // pdfinfo prints each element, its attributes (lines starting "/"), then its text in quotes.
    const lines = pdf.structure
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => !line.startsWith('/'));
    const after = (tag: string, text: string) =>
      lines.some((line, index) => new RegExp(`^${tag}\\b`).test(line) && lines[index + 1] === `"${text}"`);
    expect(after('H1', 'Risk summary')).toBe(true);
    expect(after('H1', 'About your result')).toBe(true);
    expect(after('H2', 'Contributing factors')).toBe(true);
    expect(after('P', 'Probability of a complication within 90 days: 18.3%')).toBe(true);
    expect(lines.some((line) => line.startsWith('Table'))).toBe(true);
    expect(after('TH', 'Factor')).toBe(true);
    expect(after('TH', 'NHS number')).toBe(true);
    expect(after('TD', name)).toBe(true);
    expect(after('Lbl', '•')).toBe(true);
  });

  it('adds the details the model used for a history entry', async () => {
    const base = riskSummary();
    const entry: HistoryEntry = {
      ...base,
      result: {
        ...base.result!,
        prediction: 'medium',
        probability: 0.0912,
        averageProbability: null,
        isAnomaly: true,
        featureImportance: [
          {
            feature: 'current_smoker',
            displayName: 'Current smoker',
            importance: 'high',
            value: 1,
            unit: '',
            defaultUsed: false,
          },
          {
            feature: 'idd',
            displayName: 'Insulin-dependent diabetes',
            importance: 'medium',
            value: 0,
            unit: '',
            defaultUsed: false,
          },
        ],
        model: {
          name: 'Knee complications',
          version: '1.1.0',
          uploadVersion: 2,
          demonstration: false,
          recalibrated: false,
        },
      },
      areasOfImprovement: { dos: [] },
      isCurrent: false,
      surgicalRiskFactorsShown: 'as-evaluated',
      inputs: inputs({
        height: '162',
        weight: '81',
        sex: 'F',
        ethnicGroup: 'B',
        smoking: '1',
        dobDay: '5',
        dobMonth: '3',
        dobYear: '1948',
        hypt: '1',
        af: '0',
        haemoglobin: '112',
        crp: '4.2',
      }),
    };
    const pdf = await render(pdfInput({ summary: entry }));
    const last = pdf.pages.at(-1)!;
    expect(pdf.text).toContain('This is an earlier evaluation from the risk history');
    expect(pdf.text).toContain('Moderate risk');
    expect(pdf.text).toContain('Probability of a complication within 90 days: 9.1%');
    expect(pdf.text).not.toContain('Average for');
    expect(pdf.text).toContain(messages.anomalyBanner);
    expect(pdf.text).toContain('Current smoker High Yes');
    expect(pdf.text).toContain('Insulin-dependent diabetes Moderate No');
    expect(pdf.text).not.toContain(demonstrationModelLabel);

    expect(pdf.text).toContain('Details the model used');
    expect(pdf.text).toContain('Height (cm): 162');
    expect(pdf.text).toContain('Sex: Female');
    expect(pdf.text).toContain('Ethnic group: White: Irish');
    expect(pdf.text).toContain('Date of birth: 05-Mar-1948');
    expect(pdf.text).toContain('Hypertension: Yes');
    expect(pdf.text).toContain('Atrial fibrillation: No');
    expect(pdf.text).toContain('Angina: Not known');
    expect(pdf.text).toContain('Smoking status: Current smoker');
    expect(pdf.text).toContain('Haemoglobin (g/L): 112');
    expect(pdf.text).toContain('CRP (mg/L): 4.2');
    expect(pdf.text).toContain('Albumin (g/L): Not known');

    // The patient's page comes last, whatever the clinical pages take.
    expect(last).toContain('About your result');
    expect(last).toContain(`Page ${pdf.pages.length} of ${pdf.pages.length}`);
    expect(last).toContain('Its estimate is moderate.');
    expect(last).toContain('Stay as active as you can.');
    expect(last).toContain('pre-operative assessment');
  });

  it('says a waiting record has not been scored, and gives the patient general advice', async () => {
    const pdf = await render(pdfInput({ summary: riskSummary({ status: 'waiting', result: null }) }));
    expect(pdf.pages).toHaveLength(2);
    const [first, second] = pdf.pages as [string, string];
    expect(first).toContain(name);
    expect(first).toContain('NHS number 999 123 4578');
    expect(first).toContain('This record has not been scored yet');
    expect(first).not.toMatch(/High risk|Moderate risk|Low risk/);
    expect(first).not.toContain('Contributing factors');
    expect(first).not.toContain('Areas of improvement');
    expect(first).not.toContain('Check for anaemia');
    expect(first).not.toContain(demonstrationModelLabel);
    expect(first).toContain('Page 1 of 2');
    expect(second).toContain('About your result');
    expect(second).toContain('Your result is not ready yet.');
    expect(second).toContain('Stay as active as you can.');
    expect(second).toContain('If you smoke, try to stop.');
    expect(second).toContain('Page 2 of 2');
  });

  it('gives the reason kept with an anomaly flag under the banner (decision 0039)', async () => {
    const base = riskSummary();
    const reason = 'Albumin of 12 g/L looks like a unit error in the PAS extract';
    const flagged = await render(
      pdfInput({ summary: { ...base, result: { ...base.result!, isAnomaly: true, anomalyReason: reason } } }),
    );
    expect(flagged.pages[0]).toContain(`${messages.anomalyBanner} Reason given: ${reason}`);
    const withoutReason = await render(
      pdfInput({ summary: { ...base, result: { ...base.result!, isAnomaly: true, anomalyReason: null } } }),
    );
    expect(withoutReason.pages[0]).toContain(messages.anomalyBanner);
    expect(withoutReason.text).not.toContain('Reason given');
  });

  it('says whose clerical change the prediction was made from, and whether a clinician has reviewed it (decision 0056)', async () => {
    // London keeps GMT in December, so these instants fall on the days written.
    const change = {
      evaluationId: '0b8f0d1e-7d8c-4e55-8d1c-2f3a4b5c6d7e',
      changedBy: 'Claire Evans',
      changedAt: '2026-12-06T09:30:00.000Z',
      reviewedBy: null,
      reviewedAt: null,
    };
    const unreviewed = await render(pdfInput({ summary: riskSummary({ clericalChanges: [change] }) }));
    expect(unreviewed.pages[0]).toContain(
      'Details changed by Claire Evans (Clerical User) on 06-Dec-2026, not yet reviewed by a clinician',
    );
    const reviewed = await render(
      pdfInput({
        summary: riskSummary({
          clericalChanges: [{ ...change, reviewedBy: 'Olu Adeyemi', reviewedAt: '2026-12-08T00:30:00.000Z' }],
        }),
      }),
    );
    expect(reviewed.pages[0]).toContain(
      'Details changed by Claire Evans (Clerical User) on 06-Dec-2026, reviewed by Olu Adeyemi (Clinician) on 08-Dec-2026',
    );
    expect(reviewed.text).not.toContain('not yet reviewed');
    expect((await render(pdfInput())).text).not.toContain('Details changed by');
  });

  it('prints the clinician’s view of the risk beside the model’s, labelled as theirs (decision 0044)', async () => {
    const base = riskSummary();
    const adjustment = {
      prediction: 'medium' as const,
      reason: 'Anaemia corrected since the bloods were taken',
      by: 'Olu Adeyemi',
      on: '2026-11-27T10:15:00.000Z',
    };
    const adjusted = await render(
      pdfInput({ summary: { ...base, result: { ...base.result!, adjustment } } }),
    );
    expect(adjusted.pages[0]).toContain('High risk');
    expect(adjusted.pages[0]).toContain(
      'Clinician’s view of the risk: Moderate risk (Olu Adeyemi, 27-Nov-2026): Anaemia corrected since the bloods were taken',
    );
    expect((await render(pdfInput({ summary: base }))).text).not.toContain('Clinician’s view');
    // The patient's page gives both, in plain words, as the risk summary does.
    const patientPage = adjusted.pages.at(-1)!;
    expect(patientPage).toContain('Its estimate is high.');
    expect(patientPage).toContain('They think your chance is moderate, not high.');
    expect(patientPage).toContain('in the middle range for people having this operation');
    const agreed = await render(
      pdfInput({
        summary: { ...base, result: { ...base.result!, adjustment: { ...adjustment, prediction: 'high' } } },
      }),
    );
    expect(agreed.pages.at(-1)).toContain('They agree that your chance is high.');
  });

  it('gives a patient no longer on the list nothing to do before their operation', async () => {
    const pdf = await render(pdfInput({ summary: riskSummary({ isActive: false }) }));
    const patientPage = pdf.pages.at(-1)!;
    expect(patientPage).toContain('You are no longer on the waiting list for this operation.');
    expect(patientPage).not.toContain('What you can do before your operation');
    expect(patientPage).not.toContain('Your blood count');
    expect(patientPage).toContain('Who to contact');
  });

  it('puts every piece of the model’s advice to the patient in plain words, without clinical terms', async () => {
    const dos = modelAdvice.map(([title, description]) => ({ title, description }));
    const pdf = await render(pdfInput({ summary: riskSummary({ areasOfImprovement: { dos } }) }));
    const start = pdf.pages.findIndex((page) => page.includes('About your result'));
    const patientPages = pdf.pages.slice(start).join(' ');
    const clinicalPages = pdf.pages.slice(0, start).join(' ');
    // The clinical team's pages keep the advice as the model gives it.
    expect(clinicalPages).toContain('AAGBI and British Hypertension Society');
    for (const term of [
      'AAGBI',
      'primary care',
      'HbA1c',
      'CPOC',
      'eGFR',
      'ferritin',
      'NSAID',
      'MUST',
      'mmol',
      'referral',
    ])
      expect(patientPages, term).not.toContain(term);
    for (const topic of [
      'Stopping smoking',
      'Your blood count',
      'Eating well',
      'Your diabetes',
      'Your kidneys and medicines',
      'The salt level in your blood',
      'Your blood pressure',
      'Your breathing',
    ])
      expect(patientPages, topic).toContain(topic);
    // Two pieces of advice on weight are one topic, which says weight alone does not delay surgery.
    expect(patientPages.split('weight management service').length - 1).toBe(1);
    expect(patientPages).toContain('Your weight alone is not a reason to put off your operation.');
    // Two on diabetes are one too.
    expect(patientPages.split('Your diabetes').length - 1).toBe(1);
    expect(patientPages).not.toContain('other things that could help');
  });

  it(
    'leaves no page with only a few lines on it: a part running on takes enough of its page before',
    { timeout: 60_000 },
    async () => {
      // Summaries and past evaluations with more and more advice: the pages end at every place.
      for (let advice = 0; advice <= modelAdvice.length; advice += 1) {
        const dos = modelAdvice.slice(0, advice).map(([title, description]) => ({ title, description }));
        const base = riskSummary({ areasOfImprovement: { dos } });
        const entry: HistoryEntry = {
          ...base,
          isCurrent: false,
          surgicalRiskFactorsShown: 'as-evaluated',
          inputs: inputs({
            height: '162',
            weight: '81',
            sex: 'F',
            smoking: '1',
            hypt: '1',
            haemoglobin: '112',
          }),
        };
        for (const summary of [base, entry]) {
          const pdf = await render(pdfInput({ summary }));
          // A header line and two footer lines on every page; at least nine lines of text besides.
          pdf.linesOfPages.forEach((lines, index) =>
            expect(
              lines,
              `${advice} advice: page ${index + 1} of ${pdf.pages.length}`,
            ).toBeGreaterThanOrEqual(12),
          );
        }
      }
    },
  );

  it('says a past evaluation made before the surgeon was kept with it did not keep one (decision 0039)', async () => {
    const entry: HistoryEntry = {
      ...riskSummary({ surgeonName: null, surgery: null, social: null }),
      isCurrent: false,
      surgicalRiskFactorsShown: 'not-kept',
      inputs: inputs({}),
    };
    const pdf = await render(pdfInput({ summary: entry }));
    expect(pdf.pages[0]).toContain('Consultant surgeon Not kept with this evaluation');
  });

  it('cuts a 1,990-character name with an ellipsis, so the PDF keeps its pages and every page its header (decision 0043)', async () => {
    // A PAS free-text field pasted into the forename: 1,990 characters, as the import's cell cap allows.
    const firstName = 'Siobhán Zoë Mary-Catherine Bernadette '.repeat(60).slice(0, 1_990);
    expect(firstName).toHaveLength(1_990);
    const base = riskSummary({ firstName, surgeonName: `Mr ${'Fitzgerald-Hughes '.repeat(12)}`.trim() });
    const entry: HistoryEntry = {
      ...base,
      isCurrent: false,
      surgicalRiskFactorsShown: 'as-evaluated',
      inputs: inputs({ height: '162', weight: '81', sex: 'F', dobDay: '5', dobMonth: '3', dobYear: '1948' }),
    };
    for (const summary of [base, entry]) {
      const pdf = await render(pdfInput({ summary }));
      const short = await render(pdfInput({ summary: { ...summary, firstName: 'Siobhán Zoë' } }));
      // Two lines of name and two of surgeon at most: a page more than for a short name, at most.
      expect(pdf.pages.length).toBeLessThanOrEqual(short.pages.length + 1);
      pdf.pages.forEach((page, index) => {
        expect(page, `page ${index + 1}`).toContain('Elective Surgical Risk');
        expect(page, `page ${index + 1}`).toContain('Royal Anywhere NHS Foundation Trust');
        expect(page, `page ${index + 1}`).toContain(`Page ${index + 1} of ${pdf.pages.length}`);
      });
      const shown = `${firstName.slice(0, 79).trimEnd()}…`;
      expect(pdf.pages[0]).toContain(`Name ${shown}`);
      expect(pdf.pages.find((page) => page.includes('About your result'))).toContain(`Name: ${shown}`);
      expect(pdf.text).not.toContain(firstName.slice(0, 100));
      expect(pdf.pages[0]).toContain(`Consultant surgeon Mr Fitzgerald-Hughes Fitzgerald-Hughes`);
      expect(pdf.pages[0]).not.toContain('Fitzgerald-Hughes '.repeat(5));
    }
  });

  it('prints names, the surgeon and free text without hidden text-direction characters (decision 0043)', async () => {
    const base = riskSummary({
      firstName: 'Ann\u202Egnp.exe',
      surgeonName: 'Mr \u202Ekcaj',
      medicalRecordNumber: 'RAN\u2067004512\u2069',
    });
    const pdf = await render(
      pdfInput({
        summary: {
          ...base,
          result: { ...base.result!, isAnomaly: true, anomalyReason: 'Albumin \u202Bwrong units\u202C' },
        },
        trustName: 'Royal Anywhere \u200FNHS Foundation Trust',
      }),
    );
    expect(pdf.text).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/);
    expect(pdf.pages[0]).toContain("Name Anngnp.exe O'Brien-Łukasz");
    expect(pdf.pages[0]).toContain('Consultant surgeon Mr kcaj');
    expect(pdf.pages[0]).toContain('Local patient identifier RAN004512');
    expect(pdf.pages[0]).toContain('Reason given: Albumin wrong units');
    expect(pdf.pages[0]).toContain('Royal Anywhere NHS Foundation Trust');
  });

  it("gives the model's reason when a record could not be scored", async () => {
    const summary = riskSummary({
      status: 'failed',
      result: null,
      failure: { reason: 'Haemoglobin is not a number', fields: ['haemoglobin', 'dobYear'] },
    });
    const pdf = await render(pdfInput({ summary }));
    expect(pdf.pages[0]).toContain('The model could not score this record.');
    expect(pdf.pages[0]).toContain('Reason: Haemoglobin is not a number');
    expect(pdf.pages[0]).toContain('Fields to check: Haemoglobin (g/L); Date of birth');
    expect(pdf.pages[1]).toContain('We could not work out your result');
  });
});
