import { describe, expect, it } from 'vitest';
import {
  expectLinearText,
  largeSize,
  within,
} from '../../../../packages/import-files/test/helpers/linear-time.js';
import { fhirBaseUrl } from '../modules/integration/fhir/fhir-uris.js';
import { readFhirResource } from '../modules/integration/messages/fhir-observations.js';
import { readOruR01 } from '../modules/integration/messages/hl7v2-oru.js';
import { hl7Ack } from '../modules/integration/messages/hl7-ack.js';
import { importUnit, unitFactorFor } from '../modules/integration/messages/lab-codes.js';
import { readFhirDateTime, readHl7DateTime } from '../modules/integration/messages/message-times.js';
import { readBirthDate, readNhsNumber } from '../modules/integration/messages/patient-identifiers.js';
import { scrubMessage } from '../platform/logging.js';

// The API's readers of text from other systems, on the adversarial text the import's readers meet
// (packages/import-files/test/linear-time.test.ts; docs/architecture.md, "Reading untrusted text").
// A message that is refused is as much a reading as one that is taken: both must come back at once.

const now = new Date('2026-11-26T12:00:00Z');
const run = (unit: string, size: number) => unit.repeat(Math.ceil(size / unit.length));
type Case = [string, (size: number) => string];

/** Reads a message; a refusal is an answer too. */
function attempt(read: () => unknown): unknown {
  try {
    return read();
  } catch (error) {
    return error;
  }
}

/** A WinPath-style ORU^R01 with one haemoglobin result, any of whose fields may be replaced. */
function oru(
  fields: { value?: string; unit?: string; time?: string; nhsNumber?: string; code?: string } = {},
) {
  return [
    'MSH|^~\\&|WINPATH|RTH01|ESR|RTH01|20261125103012||ORU^R01^ORU_R01|WP26112500001|P|2.4',
    `PID|1||${fields.nhsNumber ?? '9434765919'}^^^NHS^NH~K1234567^^^RTH01^MR||TESTPATIENT^ALEX`,
    'OBR|1|ORD100001|26H0012345|FBC^Full blood count^WINPATH|||20261125083000',
    `OBX|1|NM|${fields.code ?? '1022431000000105^Haemoglobin estimation^SCT'}||${fields.value ?? '134'}|${fields.unit ?? 'g/L'}|130-180|N|||F|||${fields.time ?? '20261125083000'}`,
  ].join('\r');
}

describe('HL7 v2 messages are read in linear time', () => {
  it('reads the template message', () => {
    const message = readOruR01(oru(), { now });
    expect(message.results.map((r) => [r.lab, r.value, r.unit])).toEqual([['haemoglobin', 134, 'g/L']]);
  });

  const cases: Case[] = [
    ['OBX-5: asterisks then a letter', (n) => oru({ value: `150${run('*', n)}x` })],
    ['OBX-5: digits', (n) => oru({ value: run('9', n) })],
    ['OBX-5: a limit then spaces', (n) => oru({ value: `<${run(' ', n)}5` })],
    ['OBX-5: flags repeated', (n) => oru({ value: `150${run(' H', n)} x` })],
    ['OBX-5: hexadecimal escapes repeated', (n) => oru({ value: run('\\X41\\', n) })],
    ['OBX-5: NUL escapes repeated', (n) => oru({ value: run('\\X00\\', n) })],
    ['OBX-5: escape characters', (n) => oru({ value: run('\\', n) })],
    ['OBX-5: one long hexadecimal escape', (n) => oru({ value: `\\X${run('0', n)}\\` })],
    ['OBX-5: line-break escapes', (n) => oru({ value: `150${run('\\.br\\', n)}` })],
    ['OBX-5: separator escapes', (n) => oru({ value: run('\\S\\\\T\\\\F\\\\R\\\\E\\', n) })],
    ['OBX-5: repetitions', (n) => oru({ value: run('~', n) })],
    ['OBX-5: components', (n) => oru({ value: `150${run('^', n)}` })],
    ['OBX-6: carets then a letter', (n) => oru({ unit: `g/L${run('^', n)}x` })],
    ['OBX-6: powers repeated', (n) => oru({ unit: run('x10^9/L', n) })],
    ['OBX-14: digits', (n) => oru({ time: run('2', n) })],
    ['OBX-14: a time then an offset of digits', (n) => oru({ time: `20261125083000+${run('0', n)}` })],
    ['PID-3: digits and spaces', (n) => oru({ nhsNumber: run('9 ', n) })],
    ['OBX-3: a long code', (n) => oru({ code: `${run('1', n)}^Haemoglobin^SCT` })],
    ['segments: blank lines', (n) => `${oru()}${run('\r', n)}`],
    ['segments: line feeds', (n) => oru().replaceAll('\r', run('\n', n / 3))],
  ];
  it.each(cases)('%s', (_name, make) => {
    expectLinearText(make, (text) => attempt(() => readOruR01(text, { now })));
  });

  it.each<Case>([
    ['an error text of line breaks', (n) => run('\r\n', n)],
    ['an error text of separators', (n) => run('|^~\\&', n)],
  ])('answers: %s', (_name, make) => {
    expectLinearText(make, (text) => hl7Ack(oru(), 'AE', { location: { segment: 'OBX' }, text }));
  });

  it('refuses or reads the adversarial messages as they are', () => {
    const read = (fields: Parameters<typeof oru>[0]) =>
      within(1_000, () => attempt(() => readOruR01(oru(fields), { now })));
    const asterisks = read({ value: `150${'*'.repeat(largeSize)}x` });
    expect(asterisks).toMatchObject({
      results: [],
      notes: [{ text: 'The result is text, not a number: ignored.' }],
    });
    expect(read({ value: `150 ${'*'.repeat(largeSize)}` })).toMatchObject({ results: [{ value: 150 }] });
    expect(read({ unit: `g/L${'^'.repeat(largeSize)}` })).toMatchObject({ results: [{ unit: 'g/L' }] });
  });
});

describe('message dates and times are read in linear time', () => {
  it.each<Case>([
    ['digits', (n) => run('2', n)],
    ['a date then hyphens', (n) => `2026-11-25${run('-', n)}`],
    ['a time with a long fraction', (n) => `2026-11-25T08:30:00.${run('1', n)}Z`],
    ['a time then an offset of digits', (n) => `20261125083000+${run('0', n)}`],
    ['separators', (n) => run('-:T', n)],
  ])('%s', (_name, make) => {
    expectLinearText(make, (text) => [readHl7DateTime(text), readFhirDateTime(text)]);
  });
});

describe('FHIR Observations are read in linear time', () => {
  /** A UK Core lab Observation of creatinine, any of whose values may be replaced. */
  const observation = (replace: Record<string, unknown> = {}) => ({
    resourceType: 'Observation',
    id: 'rth-26c0067890-crea',
    status: 'final',
    code: { coding: [{ system: 'http://snomed.info/sct', code: '1000731000000107' }] },
    subject: { identifier: { system: 'https://fhir.nhs.uk/Id/nhs-number', value: '9990000018' } },
    effectiveDateTime: '2026-06-24T09:15:00+01:00',
    valueQuantity: { value: 101, unit: 'micromol/L', system: 'http://unitsofmeasure.org', code: 'umol/L' },
    ...replace,
  });
  const quantity = (values: Record<string, unknown>) => ({
    valueQuantity: { value: 101, system: 'http://unitsofmeasure.org', ...values },
  });

  it('reads the template Observation', () => {
    expect(readFhirResource(observation(), { now }).results).toMatchObject([
      { lab: 'creatinine', value: 101 },
    ]);
  });

  const cases: [string, (size: number) => Record<string, unknown>][] = [
    [
      'valueString: asterisks then a letter',
      (n) => ({ valueQuantity: undefined, valueString: `101${run('*', n)}x` }),
    ],
    ['valueString: digits', (n) => ({ valueQuantity: undefined, valueString: run('9', n) })],
    ['valueString: spaces after <', (n) => ({ valueQuantity: undefined, valueString: `<${run(' ', n)}5x` })],
    ['valueQuantity.code: units repeated', (n) => quantity({ code: run('umol/L', n) })],
    ['valueQuantity.code: braces', (n) => quantity({ code: run('{', n) })],
    ['valueQuantity.code: annotations', (n) => quantity({ code: `mL/min/{${run('1.73_', n)}m2` })],
    [
      'valueQuantity.unit: micro signs then a letter',
      (n) => quantity({ code: undefined, unit: `${run('µ', n)}x` }),
    ],
    ['effectiveDateTime: digits', (n) => ({ effectiveDateTime: run('2', n) })],
    [
      'effectiveDateTime: a long fraction',
      (n) => ({ effectiveDateTime: `2026-06-24T09:15:00.${run('1', n)}Z` }),
    ],
    ['subject.reference: Patient/ repeated', (n) => ({ subject: { reference: run('Patient/', n) } })],
    ['subject.reference: slashes', (n) => ({ subject: { reference: `Patient/1${run('/', n)}x` } })],
    [
      'subject.reference: history repeated',
      (n) => ({ subject: { reference: `Patient/1${run('/_history/1', n)}/` } }),
    ],
    [
      'subject.identifier: digits and hyphens',
      (n) => ({
        subject: { identifier: { system: 'https://fhir.nhs.uk/Id/nhs-number', value: run('9-', n) } },
      }),
    ],
  ];
  it.each(cases)('%s', (_name, replace) => {
    expectLinearText(
      (n) => JSON.stringify(observation(replace(n))),
      (text) => attempt(() => readFhirResource(JSON.parse(text) as unknown, { now })),
    );
  });
});

describe('other readers of text from outside', () => {
  it.each<Case>([
    ['digits and spaces', (n) => run('9 ', n)],
    ['hyphens', (n) => run('\u2010', n)],
    ['one digit repeated', (n) => run('9', n)],
  ])('NHS numbers in messages: %s', (_name, make) => {
    expectLinearText(make, readNhsNumber);
  });

  it.each<Case>([
    ['digits', (n) => run('9', n)],
    ['digits and hyphens', (n) => run('1951-', n)],
    ['a date then digits', (n) => `1951-03-12${run('0', n)}`],
  ])('dates of birth in messages (PID-7, Patient.birthDate): %s', (_name, make) => {
    expectLinearText(make, (text) => [
      readBirthDate(text, 'hl7', '2026-11-26'),
      readBirthDate(text, 'fhir', '2026-11-26'),
    ]);
  });

  it.each<Case>([
    ['braces', (n) => run('{', n)],
    ['annotations', (n) => `mL/min/{${run('1.73 ', n)}m2}`],
    ['powers', (n) => run('10*9/L', n)],
  ])('units in messages: %s', (_name, make) => {
    expectLinearText(make, (text) => [importUnit(text), unitFactorFor('egfr', text)]);
  });

  it.each<Case>([
    ['a failed query with line breaks before no parameters', (n) => `Failed query: select 1${run('\n', n)}x`],
    [
      'a failed query with white space before its parameters',
      (n) => `Failed query: select 1${run('\n ', n)}params: Ada`,
    ],
    ['quoted values', (n) => run('value "Ada" ', n)],
    ['an unclosed quote', (n) => `value "${run('a', n)}`],
    ['words before quotes', (n) => run('type ""', n)],
  ])('error messages before they are logged: %s', (_name, make) => {
    expectLinearText(make, scrubMessage);
  });

  it('the service address, however many slashes end it', () => {
    expect(fhirBaseUrl('https://esr.rth.nhs.uk//')).toBe('https://esr.rth.nhs.uk/fhir/r4');
    expect(fhirBaseUrl('https://esr.rth.nhs.uk/fhir/r4/')).toBe('https://esr.rth.nhs.uk/fhir/r4');
    expectLinearText((n) => `https://esr.rth.nhs.uk${run('/', n)}x`, fhirBaseUrl);
  });

  it('scrubs error messages as before', () => {
    expect(scrubMessage('Failed query: select $1::uuid  \n \nparams: Ada Quimby')).toBe(
      'Failed query: select $1::uuid  ',
    );
    expect(scrubMessage('violates unique constraint  "users_email_unique"')).toBe(
      'violates unique constraint  "users_email_unique"',
    );
    expect(scrubMessage('invalid input syntax for type uuid: "Ada Quimby"')).toBe(
      'invalid input syntax for type uuid: "[redacted]"',
    );
  });
});
