import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readFhirBundle, readFhirObservation, readFhirResource } from './fhir-observations.js';
import { MessageError, type IncomingLabMessage } from './lab-message.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const fixtureText = (name: string) => fs.readFileSync(path.join(fixtures, name), 'utf8');
/** A fresh copy of a fixture, for a test to change. */
const fixture = (name: string): Json => JSON.parse(fixtureText(name));
const now = new Date('2026-11-26T12:00:00Z');

function refusal(read: () => IncomingLabMessage): MessageError {
  try {
    read();
  } catch (error) {
    if (error instanceof MessageError) return error;
    throw error;
  }
  throw new Error('the message was not refused');
}
const bundleRefusal = (bundle: unknown) => refusal(() => readFhirBundle(bundle, { now }));

/** The transaction Bundle's entry holding the Observation coded `code`. */
const entryCoded = (bundle: Json, code: string): Json =>
  bundle.entry.find((e: Json) => e.resource.code?.coding?.[0]?.code === code).resource;

describe('readFhirBundle: a UK Core transaction Bundle', () => {
  const message = readFhirBundle(fixture('uk-core-transaction-bundle.json'), { now });

  it('reads the envelope', () => {
    expect(message).toMatchObject({
      format: 'fhir',
      messageId: 'RTH-LAB-20261125-000123',
      sentAt: '2026-11-25T10:30:12+00:00',
      sendingApplication: null,
      processingId: null,
    });
  });

  it('reads the SNOMED-coded Observations of the bundled Patient, skipping the Patient, report and organisation', () => {
    expect(message.results.map((r) => [r.location, r.lab, r.value, r.unit, r.limit])).toEqual([
      ['Bundle.entry[2].resource', 'haemoglobin', 134, 'g/L', null],
      ['Bundle.entry[3].resource', 'whiteBloodCount', 6.2, '10*9/L', null],
      ['Bundle.entry[4].resource', 'plateletCount', 245, '10*9/L', null],
      ['Bundle.entry[6].resource', 'egfr', 90, 'mL/min/{1.73_m2}', '>'],
      ['Bundle.entry[7].resource', 'crp', 3.2, 'mg/L', null],
    ]);
    expect(message.results[0]).toEqual({
      patient: { nhsNumber: '9434765919', localIdentifier: 'K1234567', birthDate: '1956-03-12' },
      lab: 'haemoglobin',
      value: 134,
      unit: 'g/L',
      takenAt: '2026-11-25T08:30:00+00:00',
      takenOn: '2026-11-25',
      status: 'final',
      outsideRange: false,
      code: { system: 'http://snomed.info/sct', code: '1022431000000105', display: 'Haemoglobin estimation' },
      location: 'Bundle.entry[2].resource',
      birthDateAt: { path: 'Bundle.entry[0].resource.birthDate' },
      limit: null,
      assumedUnit: null,
    });
  });

  it('leaves out MCV and a preliminary albumin with notes', () => {
    expect(message.notes).toEqual([
      {
        location: 'Bundle.entry[5].resource',
        text: "Test '1022491000000106' (SNOMED CT) is not one the model uses: ignored.",
      },
      {
        location: 'Bundle.entry[8].resource',
        text: 'Status preliminary is not final, amended or corrected: ignored.',
      },
    ]);
  });

  it.each(['batch', 'message', 'collection'])('reads a %s Bundle the same way', (type) => {
    const bundle = fixture('uk-core-transaction-bundle.json');
    bundle.type = type;
    expect(readFhirBundle(bundle, { now }).results).toEqual(message.results);
  });

  it('leaves out an entered-in-error, cancelled or registered Observation', () => {
    for (const status of ['entered-in-error', 'cancelled', 'registered']) {
      const bundle = fixture('uk-core-transaction-bundle.json');
      entryCoded(bundle, '1022431000000105').status = status;
      const read = readFhirBundle(bundle, { now });
      expect(read.results.map((r) => r.lab)).not.toContain('haemoglobin');
      expect(read.notes).toContainEqual({
        location: 'Bundle.entry[2].resource',
        text: `Status ${status} is not final, amended or corrected: ignored.`,
      });
    }
  });

  it('reads amended and corrected Observations', () => {
    const bundle = fixture('uk-core-transaction-bundle.json');
    entryCoded(bundle, '1022431000000105').status = 'amended';
    entryCoded(bundle, '1022541000000102').status = 'corrected';
    expect(
      readFhirBundle(bundle, { now })
        .results.slice(0, 2)
        .map((r) => r.status),
    ).toEqual(['amended', 'corrected']);
  });
});

describe('readFhirBundle: a collection Bundle coded in LOINC', () => {
  const message = readFhirBundle(fixture('loinc-collection-bundle.json'), { now });

  it('converts g/dL and mg/dL, reads a date alone as the London day, and flags a value outside the range', () => {
    expect(
      message.results.map((r) => [r.lab, r.value, r.unit, r.takenAt, r.takenOn, r.outsideRange]),
    ).toEqual([
      ['haemoglobin', 134, 'g/dL', '2026-07-01T00:00:00+01:00', '2026-07-01', false],
      ['creatinine', 97.24, 'mg/dL', '2026-07-01T09:05:00+01:00', '2026-07-01', false],
      ['sodium', 138, 'mmol/L', '2026-07-01T09:05:00+01:00', '2026-07-01', false],
      ['albumin', 41, 'g/dL', '2026-07-01T09:05:00+01:00', '2026-07-01', false],
      ['urea', 7.9, 'mmol/L', '2026-07-01T09:05:00+01:00', '2026-07-01', false],
      ['crp', 142, 'mg/L', '2026-07-01T09:05:00+01:00', '2026-07-01', true],
    ]);
  });

  it('finds the Patient by its relative reference and reads its NHS number written with spaces', () => {
    // The Patient gives no birthDate: the result's date of birth is null, for the trust's setting to decide.
    expect(message.results[0]!.patient).toEqual({
      nhsNumber: '9990000026',
      localIdentifier: 'RBB0012345',
      birthDate: null,
    });
    expect(message.messageId).toBe('c0ffee00-1234-4abc-8def-000000000042');
  });

  it('does not read blood urea nitrogen as urea', () => {
    expect(message.notes).toEqual([
      {
        location: 'Bundle.entry[6].resource',
        text: "Test '3094-0' (LOINC) is not one the model uses: ignored.",
      },
    ]);
  });
});

describe('readFhirObservation', () => {
  it('reads a single Observation with a contained Patient and effectivePeriod.start', () => {
    const message = readFhirObservation(fixture('single-observation.json'), { now });
    expect(message.messageId).toBe('rth-26c0067890-crea');
    expect(message.results).toEqual([
      {
        patient: { nhsNumber: '9990000018', localIdentifier: 'RTH7654321', birthDate: null },
        lab: 'creatinine',
        value: 101,
        unit: 'umol/L',
        takenAt: '2026-06-24T09:15:00+01:00',
        takenOn: '2026-06-24',
        status: 'corrected',
        outsideRange: false,
        code: {
          system: 'http://snomed.info/sct',
          code: '1000731000000107',
          display: 'Serum creatinine level',
        },
        location: 'Observation',
        birthDateAt: { path: 'Observation.contained[0].birthDate' },
        limit: null,
        assumedUnit: null,
      },
    ]);
  });

  it('reads subject.identifier without a Patient, and a value as text the way the file import does', () => {
    const observation = fixture('single-observation.json');
    delete observation.contained;
    observation.subject = {
      identifier: { system: 'https://fhir.nhs.uk/Id/nhs-number', value: '9990000034' },
    };
    delete observation.valueQuantity;
    observation.valueString = '<50';
    const [result] = readFhirObservation(observation, { now }).results;
    expect(result).toMatchObject({
      patient: { nhsNumber: '9990000034', localIdentifier: null },
      value: 50,
      limit: '<',
      unit: '',
      assumedUnit: null,
    });
    // With no unit, a creatinine under 10 is taken as mg/dL, as the file import takes it.
    observation.valueString = '1.1';
    expect(readFhirObservation(observation, { now }).results[0]).toMatchObject({
      value: 97.24,
      assumedUnit: 'mg/dL',
    });
    observation.valueString = 'Haemolysed';
    expect(readFhirObservation(observation, { now }).notes).toEqual([
      { location: 'Observation', text: 'The result is text, not a number: ignored.' },
    ]);
  });

  it('is what readFhirResource gives for an Observation', () => {
    const observation = fixture('single-observation.json');
    expect(readFhirResource(observation, { now })).toEqual(readFhirObservation(observation, { now }));
  });
});

describe('readFhirBundle: refused messages', () => {
  it('refuses what is not a FHIR Bundle', () => {
    expect(bundleRefusal('{"resourceType":"Bundle"}').kind).toBe('unreadable');
    expect(bundleRefusal([]).kind).toBe('unreadable');
    expect(bundleRefusal({ resourceType: 'Patient' })).toMatchObject({
      kind: 'invalid',
      location: { path: 'Bundle.resourceType' },
      message: "The resource is a 'Patient', not a Bundle.",
    });
    expect(bundleRefusal({ resourceType: 'Bundle', type: 'searchset', entry: [] })).toMatchObject({
      location: { path: 'Bundle.type' },
    });
  });

  it('refuses an Observation without a subject, and one whose Patient is not in the message', () => {
    const bundle = fixture('uk-core-transaction-bundle.json');
    delete entryCoded(bundle, '1022431000000105').subject;
    expect(bundleRefusal(bundle)).toMatchObject({
      kind: 'invalid',
      location: { path: 'Bundle.entry[2].resource.subject' },
      hl7ErrorCode: 101,
    });
    const other = fixture('uk-core-transaction-bundle.json');
    entryCoded(other, '1022431000000105').subject = {
      reference: 'urn:uuid:00000000-0000-4000-8000-000000000000',
    };
    expect(bundleRefusal(other).location).toEqual({ path: 'Bundle.entry[2].resource.subject.reference' });
  });

  it('refuses a Patient with neither an NHS number nor a local identifier', () => {
    const bundle = fixture('uk-core-transaction-bundle.json');
    bundle.entry[0].resource.identifier = [];
    expect(bundleRefusal(bundle).location).toEqual({ path: 'Bundle.entry[2].resource.subject' });
  });

  it('refuses an NHS number that fails the check digit, without repeating it', () => {
    const bundle = fixture('uk-core-transaction-bundle.json');
    bundle.entry[0].resource.identifier[0].value = '9434765918';
    const error = bundleRefusal(bundle);
    expect(error).toMatchObject({
      kind: 'invalid',
      location: { path: 'Bundle.entry[0].resource.identifier[0].value' },
      message:
        "Bundle.entry[0].resource.identifier[0]: the NHS number fails the check digit (Modulus 11); check it against the patient's record.",
    });
    expect(error.message).not.toMatch(/94347659/);
  });

  it('refuses a sample time in the future, one with no offset, and an Observation with none', () => {
    const future = fixture('uk-core-transaction-bundle.json');
    entryCoded(future, '1022431000000105').effectiveDateTime = '2027-01-01T08:30:00Z';
    expect(bundleRefusal(future)).toMatchObject({
      location: { path: 'Bundle.entry[2].resource.effectiveDateTime' },
      message: 'Bundle.entry[2].resource.effectiveDateTime is in the future.',
    });
    const noOffset = fixture('uk-core-transaction-bundle.json');
    entryCoded(noOffset, '1022431000000105').effectiveDateTime = '2026-11-25T08:30:00';
    expect(bundleRefusal(noOffset).message).toBe(
      'Bundle.entry[2].resource.effectiveDateTime is not a FHIR dateTime (YYYY-MM-DD, or YYYY-MM-DDThh:mm:ss with an offset such as Z or +01:00).',
    );
    const monthOnly = fixture('uk-core-transaction-bundle.json');
    entryCoded(monthOnly, '1022431000000105').effectiveDateTime = '2026-11';
    expect(bundleRefusal(monthOnly).message).toBe('Bundle.entry[2].resource.effectiveDateTime gives no day.');
    const none = fixture('uk-core-transaction-bundle.json');
    delete entryCoded(none, '1022431000000105').effectiveDateTime;
    expect(bundleRefusal(none)).toMatchObject({
      location: { path: 'Bundle.entry[2].resource.effective[x]' },
      hl7ErrorCode: 101,
    });
  });

  it('refuses a value that is not a number and a unit it cannot convert, at valueQuantity', () => {
    const text = fixture('uk-core-transaction-bundle.json');
    entryCoded(text, '1022431000000105').valueQuantity.value = '134';
    expect(bundleRefusal(text).location).toEqual({ path: 'Bundle.entry[2].resource.valueQuantity.value' });
    const unit = fixture('uk-core-transaction-bundle.json');
    entryCoded(unit, '1022431000000105').valueQuantity.code = 'mmol/L';
    expect(bundleRefusal(unit)).toMatchObject({
      location: { path: 'Bundle.entry[2].resource.valueQuantity.code' },
      message:
        "Bundle.entry[2].resource: the unit 'mmol/L' is not one we can read for Haemoglobin; send g/L or g/dL.",
    });
  });

  it.each([500, -50, 0, 1e308])('refuses haemoglobin %s g/L at valueQuantity.value', (value) => {
    const bundle = fixture('uk-core-transaction-bundle.json');
    entryCoded(bundle, '1022431000000105').valueQuantity.value = value;
    expect(bundleRefusal(bundle)).toMatchObject({
      kind: 'invalid',
      location: { path: 'Bundle.entry[2].resource.valueQuantity.value' },
      message:
        "Bundle.entry[2].resource: the haemoglobin result is not a possible value (a patient's result is between 30 and 250 g/L); check it in the laboratory system.",
    });
  });

  it('refuses an impossible value written as text, at valueString', () => {
    const bundle = fixture('uk-core-transaction-bundle.json');
    const hb = entryCoded(bundle, '1022431000000105');
    delete hb.valueQuantity;
    hb.valueString = '150' + '*'.repeat(30) + '9'.repeat(20);
    // Read as a comment (not a number), in linear time: left out with a note, not refused.
    expect(readFhirBundle(bundle, { now }).notes.map((n) => n.text)).toContain(
      'The result is text, not a number: ignored.',
    );
    hb.valueString = '-50 L';
    expect(bundleRefusal(bundle).location).toEqual({ path: 'Bundle.entry[2].resource.valueString' });
  });

  it('takes a value outside the range the model was developed on, and flags it', () => {
    const bundle = fixture('uk-core-transaction-bundle.json');
    entryCoded(bundle, '1022431000000105').valueQuantity.value = 45;
    const message = readFhirBundle(bundle, { now });
    expect(message.flags).toEqual([
      {
        location: 'Bundle.entry[2].resource',
        text: "The haemoglobin result is outside the range the model was developed on (50–200 g/L): it was applied, and the patient's risk summary says so.",
      },
    ]);
  });

  it('refuses an Observation with no status or an unknown one', () => {
    const bundle = fixture('uk-core-transaction-bundle.json');
    entryCoded(bundle, '1022431000000105').status = 'done';
    expect(bundleRefusal(bundle).location).toEqual({ path: 'Bundle.entry[2].resource.status' });
  });

  it('names no patient in any refusal', () => {
    const bundle = fixture('uk-core-transaction-bundle.json');
    bundle.entry[0].resource.identifier[0].value = '9434765919 0';
    for (const error of [bundleRefusal(bundle)]) {
      expect(error.message).not.toMatch(/9434765919|K1234567|TESTPATIENT|Alex/);
    }
  });
});

describe('readFhirBundle: content hash', () => {
  const text = fixtureText('uk-core-transaction-bundle.json');
  const hash = readFhirBundle(JSON.parse(text), { now }).contentHash;

  it('is the same for the same Bundle sent again, re-serialised, with new fullUrls or a new timestamp', () => {
    expect(readFhirBundle(JSON.parse(text), { now }).contentHash).toBe(hash);
    const reordered = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(reordered)
        : value !== null && typeof value === 'object'
          ? Object.fromEntries(
              Object.entries(value)
                .reverse()
                .map(([k, v]) => [k, reordered(v)]),
            )
          : value;
    expect(readFhirBundle(JSON.parse(JSON.stringify(reordered(JSON.parse(text)))), { now }).contentHash).toBe(
      hash,
    );
    const fresh = JSON.parse(
      text.replaceAll('5b3c9a52-8d47-4f0e-9a61-2f1c0b7e4d10', '11111111-2222-4333-8444-555555555555'),
    );
    fresh.timestamp = '2026-11-25T11:00:00+00:00';
    expect(readFhirBundle(fresh, { now }).contentHash).toBe(hash);
  });

  it('differs when a result or the Bundle identifier differs', () => {
    const changed = JSON.parse(text);
    entryCoded(changed, '1022431000000105').valueQuantity.value = 135;
    expect(readFhirBundle(changed, { now }).contentHash).not.toBe(hash);
    const other = JSON.parse(text);
    other.identifier.value = 'RTH-LAB-20261125-000124';
    expect(readFhirBundle(other, { now }).contentHash).not.toBe(hash);
  });

  it('stands in for the message id of a Bundle with no identifier or id', () => {
    const bundle = JSON.parse(text);
    delete bundle.identifier;
    delete bundle.id;
    const message = readFhirBundle(bundle, { now });
    expect(message.messageId).toBe(message.contentHash);
  });
});

describe('readFhirBundle: the Patient’s birthDate (decision 0055)', () => {
  const withBirthDate = (birthDate: unknown) => {
    const bundle = fixture('uk-core-transaction-bundle.json');
    const entries = bundle.entry as { resource: Json }[];
    entries[0]!.resource.birthDate = birthDate;
    return bundle;
  };

  it('reads it as each of the Patient’s results’ date of birth', () => {
    const message = readFhirBundle(withBirthDate('1956-03-13'), { now });
    expect(new Set(message.results.map((result) => result.patient.birthDate))).toEqual(
      new Set(['1956-03-13']),
    );
  });

  it('refuses a birthDate that is partial, not a real date or in the future, naming the element only', () => {
    for (const [birthDate, problem] of [
      ['1956-03', 'gives only part of a date: give the whole date (YYYY-MM-DD)'],
      ['1956-02-30', 'is not a real date'],
      ['2099-01-01', 'is in the future'],
      [19560312, 'is not a date (YYYY-MM-DD)'],
    ] as const) {
      const error = bundleRefusal(withBirthDate(birthDate));
      expect(error.location).toEqual({ path: 'Bundle.entry[0].resource.birthDate' });
      expect(error.message).toBe(
        `Bundle.entry[0].resource.birthDate ${problem}; check it against the patient's record.`,
      );
    }
  });
});
