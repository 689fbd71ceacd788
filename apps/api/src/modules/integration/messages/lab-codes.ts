/**
 * The codes a lab message names the nine inputs by (docs/integration.md "Codes we read"). A result
 * is recognised by its code alone, never by its display text: text varies by lab and a wrong match
 * would put another test's value into the model.
 *
 * The same table gives the standard codes of the inputs the product sends (decision 0070,
 * docs/integration.md "Codes we send"): the term of each system marked `sent`.
 */
import { labSpecs } from '@esr/import-files/headers';
import { unitFactor } from '@esr/import-files/lab-values';
import type { LabCode } from '@esr/import-files/types';

export const snomedSystem = 'http://snomed.info/sct';
export const loincSystem = 'http://loinc.org';
export const ucumSystem = 'http://unitsofmeasure.org';

export interface CodedTerm {
  code: string;
  term: string;
  /**
   * The code the product's own Observations of the input carry (at most one a system): the one that
   * claims no more than the product knows of a value, which keeps neither the method, nor the
   * specimen, nor the formula it came from (decision 0070).
   */
  sent?: true;
}

export interface LabCodeRow {
  lab: LabCode;
  /** UK SNOMED CT observable entities that UK pathology records the test by. */
  snomed: CodedTerm[];
  /** LOINC codes whose unit converts to the input's unit. */
  loinc: CodedTerm[];
  /** Local OBX-3 codes of UK lab systems, read only by this exact text and only in a local coding system. */
  local: string[];
  /** The units we convert, as UCUM writes them (the lab's text forms of each are read too). */
  units: string[];
}

/*
 * Left out on purpose:
 * - Blood urea nitrogen (LOINC 3094-0, 6299-2) is mg/dL of nitrogen, not urea in mmol/L. Its
 *   conversion (× 0.357) is right only when the value really is nitrogen; urea in mg/dL (× 0.1665)
 *   under a BUN code would come out twice too high. UK labs do not report BUN, so it is not read.
 * - Urea in mg/dL (LOINC 3091-6), haemoglobin in mmol/L (59260-0): other quantities, other units.
 * - eGFR by cystatin C, and MDRD eGFR adjusted for ethnicity: not the creatinine eGFR the model
 *   was trained on (NICE NG203 stopped the ethnicity adjustment).
 * - High-sensitivity CRP (LOINC 30522-7): a cardiac-risk assay whose range stops near 10 mg/L, so a
 *   raised CRP would arrive as a limit.
 * - Sodium in whole blood (LOINC 2947-0): a blood-gas analyser's reading, not the laboratory's.
 * - "Corrected" creatinine levels: corrected for something the message does not say.
 *
 * Not sent (no term marked `sent`): a SNOMED CT code for urea, creatinine, sodium, albumin and CRP,
 * whose UK observables each name a specimen (serum or plasma) the product does not keep, and a LOINC
 * code for eGFR, whose codes each name a formula (CKD-EPI, MDRD) it does not keep either. Sending one
 * would tell a receiver more than is known.
 */
export const labCodeTable: readonly LabCodeRow[] = [
  {
    lab: 'haemoglobin',
    snomed: [{ code: '1022431000000105', term: 'Haemoglobin estimation', sent: true }],
    loinc: [{ code: '718-7', term: 'Hemoglobin [Mass/volume] in Blood', sent: true }],
    local: ['HB', 'HGB'],
    units: ['g/L', 'g/dL'],
  },
  {
    lab: 'whiteBloodCount',
    snomed: [{ code: '1022541000000102', term: 'Total white cell count', sent: true }],
    loinc: [
      { code: '6690-2', term: 'Leukocytes [#/volume] in Blood by Automated count' },
      { code: '26464-8', term: 'Leukocytes [#/volume] in Blood', sent: true },
      { code: '804-5', term: 'Leukocytes [#/volume] in Blood by Manual count' },
    ],
    local: ['WBC', 'WCC'],
    units: ['10*9/L', '10*3/uL', '/nL'],
  },
  {
    lab: 'plateletCount',
    snomed: [{ code: '1022651000000100', term: 'Platelet count', sent: true }],
    loinc: [
      { code: '777-3', term: 'Platelets [#/volume] in Blood by Automated count' },
      { code: '26515-7', term: 'Platelets [#/volume] in Blood', sent: true },
    ],
    local: ['PLT'],
    units: ['10*9/L', '10*3/uL', '/nL'],
  },
  {
    lab: 'urea',
    snomed: [
      { code: '1000951000000103', term: 'Serum urea level' },
      { code: '1000961000000100', term: 'Plasma urea level' },
      { code: '1028281000000106', term: 'Blood urea' },
    ],
    loinc: [{ code: '22664-7', term: 'Urea [Moles/volume] in Serum or Plasma', sent: true }],
    local: ['UREA'],
    units: ['mmol/L'],
  },
  {
    lab: 'creatinine',
    snomed: [
      { code: '1000731000000107', term: 'Serum creatinine level' },
      { code: '1001011000000107', term: 'Plasma creatinine level' },
      { code: '1107001000000108', term: 'Substance concentration of creatinine in serum' },
      { code: '1106601000000100', term: 'Substance concentration of creatinine in plasma' },
    ],
    loinc: [
      { code: '14682-9', term: 'Creatinine [Moles/volume] in Serum or Plasma', sent: true },
      { code: '2160-0', term: 'Creatinine [Mass/volume] in Serum or Plasma' },
    ],
    local: ['CREA', 'CREAT'],
    units: ['umol/L', 'mg/dL'],
  },
  {
    lab: 'egfr',
    snomed: [
      {
        code: '1011481000000105',
        term: 'eGFR using creatinine Chronic Kidney Disease Epidemiology Collaboration equation per 1.73 square metres',
      },
      { code: '1107411000000104', term: 'eGFR by laboratory calculation', sent: true },
      {
        code: '1020291000000106',
        term: 'GFR calculated by abbreviated Modification of Diet in Renal Disease Study Group calculation',
      },
      {
        code: '857981000000102',
        term: 'Estimated GFR using Chronic Kidney Disease Epidemiology Collaboration formula per 1.73 square metres',
      },
      { code: '963631000000100', term: 'Estimated GFR using serum creatinine per 1.73 square metres' },
    ],
    loinc: [
      { code: '62238-1', term: 'GFR/1.73 sq M.predicted by Creatinine-based formula (CKD-EPI)' },
      { code: '98979-8', term: 'GFR/1.73 sq M.predicted by Creatinine-based formula (CKD-EPI 2021)' },
      { code: '33914-3', term: 'GFR/1.73 sq M.predicted by Creatinine-based formula (MDRD)' },
    ],
    local: ['EGFR'],
    units: ['mL/min/{1.73_m2}', 'mL/min'],
  },
  {
    lab: 'sodium',
    snomed: [
      { code: '1000661000000107', term: 'Serum sodium level' },
      { code: '1017381000000106', term: 'Plasma sodium level' },
    ],
    loinc: [{ code: '2951-2', term: 'Sodium [Moles/volume] in Serum or Plasma', sent: true }],
    local: ['NA'],
    units: ['mmol/L', 'meq/L'],
  },
  {
    lab: 'albumin',
    snomed: [
      { code: '1000821000000103', term: 'Serum albumin level' },
      { code: '1013361000000105', term: 'Plasma albumin level' },
    ],
    loinc: [
      { code: '1751-7', term: 'Albumin [Mass/volume] in Serum or Plasma', sent: true },
      {
        code: '61151-7',
        term: 'Albumin [Mass/volume] in Serum or Plasma by Bromocresol green (BCG) dye binding method',
      },
      {
        code: '61152-5',
        term: 'Albumin [Mass/volume] in Serum or Plasma by Bromocresol purple (BCP) dye binding method',
      },
    ],
    local: ['ALB'],
    units: ['g/L', 'g/dL'],
  },
  {
    lab: 'crp',
    snomed: [
      { code: '1001371000000100', term: 'Serum C reactive protein level' },
      { code: '999651000000107', term: 'Plasma C reactive protein' },
    ],
    loinc: [{ code: '1988-5', term: 'C reactive protein [Mass/volume] in Serum or Plasma', sent: true }],
    local: ['CRP'],
    units: ['mg/L', 'mg/dL'],
  },
];

export type CodeSystemKind = 'snomed' | 'loinc' | 'local';

// FHIR URIs, HL7 v2 table 0396 names (SCT; SNM as older UK feeds label SNOMED CT), and OIDs.
const snomedNames = new Set([
  snomedSystem,
  'sct',
  'snm',
  'snomed',
  'snomedct',
  'snomed-ct',
  'snomed ct',
  '2.16.840.1.113883.6.96',
  'urn:oid:2.16.840.1.113883.6.96',
]);
const loincNames = new Set([
  loincSystem,
  'ln',
  'loinc',
  '2.16.840.1.113883.6.1',
  'urn:oid:2.16.840.1.113883.6.1',
]);

/** Which code system a FHIR system URI or an HL7 coding system name is; anything else is local. */
export function codeSystemKind(system: string): CodeSystemKind {
  const name = system.trim().toLowerCase();
  if (snomedNames.has(name)) return 'snomed';
  if (loincNames.has(name)) return 'loinc';
  return 'local';
}

/** A code system as a message's note names it. */
export function codeSystemName(system: string): string {
  const kind = codeSystemKind(system);
  if (kind === 'snomed') return 'SNOMED CT';
  if (kind === 'loinc') return 'LOINC';
  return system.trim().length > 0 ? `local system ${system.trim()}` : 'no coding system';
}

const codeIndex = new Map<string, LabCode>();
for (const row of labCodeTable) {
  for (const { code } of row.snomed) codeIndex.set(`snomed|${code}`, row.lab);
  for (const { code } of row.loinc) codeIndex.set(`loinc|${code}`, row.lab);
  for (const code of row.local) codeIndex.set(`local|${code}`, row.lab);
}

/** The input a coded test is, or null for a test the model does not use. */
export function labForCode(system: string, code: string): LabCode | null {
  return codeIndex.get(`${codeSystemKind(system)}|${code.trim()}`) ?? null;
}

/**
 * The codes a result is recognised by: its SNOMED CT and LOINC codes when it has any, else its local
 * ones. A local code is a lab's own (`ALB` may be a urine albumin elsewhere), so it never outweighs
 * a standard code that names another test.
 */
export function codesToRead<T extends { system: string }>(codes: T[]): T[] {
  const standard = codes.filter((c) => codeSystemKind(c.system) !== 'local');
  return standard.length > 0 ? standard : codes;
}

/**
 * A unit as the file import's unitFactor reads it. UCUM writes the eGFR area as the annotation
 * `{1.73_m2}` and counts as `10*9/L`; other annotations do not change a unit's meaning (UCUM §12),
 * so they are dropped.
 */
export function importUnit(unit: string): string {
  return unit
    .trim()
    .replace(/\{([^{}]*)\}/g, (_, annotation: string) =>
      /^1\.73[_\s.]*m(?:2|\^2|²)$/i.test(annotation.trim()) ? '1.73m2' : '',
    );
}

const specByLab = new Map(labSpecs.map((spec) => [spec.key, spec]));

/** The input's label, unit and range, as the file import has them. */
export function labSpec(lab: LabCode) {
  return specByLab.get(lab)!;
}

/** The input's name inside a sentence: 'haemoglobin', 'white cell count', 'eGFR', 'CRP'. */
export function testName(lab: LabCode): string {
  const label = labSpec(lab).label;
  const second = label.charAt(1);
  return second !== '' && second === second.toLowerCase() ? label.toLowerCase() : label;
}

/**
 * What the answer and the message log say of an applied result outside the range the model was
 * developed on (the file import's range warning): applied, and named on the risk summary.
 */
export function outsideModelRangeNote(lab: LabCode): string {
  const spec = labSpec(lab);
  return `The ${testName(lab)} result is outside the range the model was developed on (${spec.min}–${spec.max} ${spec.unit}): it was applied, and the patient's risk summary says so.`;
}

/** The conversion factor to the input's unit, or null for a unit we do not read. */
export function unitFactorFor(lab: LabCode, unit: string): number | null {
  const verdict = unitFactor(lab, importUnit(unit));
  return verdict.kind === 'known' ? verdict.factor : null;
}

/**
 * The standard codes the product's Observations of an input carry: its SNOMED CT term marked `sent`,
 * then its LOINC one, each only where the table has one. The unit they were chosen for is the
 * input's own, `units[0]` (a LOINC code names a property: moles or mass a volume).
 */
export function codesSent(lab: LabCode): { snomed: CodedTerm | null; loinc: CodedTerm | null; unit: string } {
  const row = labCodeTable.find((entry) => entry.lab === lab)!;
  return {
    snomed: row.snomed.find((term) => term.sent) ?? null,
    loinc: row.loinc.find((term) => term.sent) ?? null,
    unit: row.units[0]!,
  };
}

/** The units of an input, as an error message lists them. */
export function acceptedUnits(lab: LabCode): string[] {
  return labCodeTable.find((row) => row.lab === lab)!.units;
}
