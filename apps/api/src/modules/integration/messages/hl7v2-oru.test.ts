import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hl7Message } from '@medplum/core';
import { describe, expect, it } from 'vitest';
import { readOruR01 } from './hl7v2-oru.js';
import { hl7Ack } from './hl7-ack.js';
import { MessageError } from './lab-message.js';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const fixture = (name: string) => fs.readFileSync(path.join(fixtures, name), 'utf8');
const winpath = fixture('winpath-oru-r01.hl7');
const telepath = fixture('telepath-oru-r01-crlf.hl7');
const now = new Date('2026-11-26T12:00:00Z');

/** The message with one segment's text replaced (segments counted from 0, as in the file). */
function withSegment(text: string, index: number, replace: (segment: string) => string): string {
  const segments = text.split('\r');
  segments[index] = replace(segments[index]!);
  return segments.join('\r');
}
const segmentIndex = (text: string, start: string) => text.split('\r').findIndex((s) => s.startsWith(start));

function refusal(text: string): MessageError {
  try {
    readOruR01(text, { now });
  } catch (error) {
    if (error instanceof MessageError) return error;
    throw error;
  }
  throw new Error('the message was not refused');
}

const noPatientData = (words: string) => {
  for (const identifier of ['9434765919', '9990000018', 'K1234567', 'TESTPATIENT', 'ALEX']) {
    expect(words).not.toContain(identifier);
  }
};

describe('readOruR01: a WinPath-style ORU^R01', () => {
  const message = readOruR01(winpath, { now });

  it('reads the header', () => {
    expect(message).toMatchObject({
      format: 'hl7v2',
      messageId: 'WP26112500001',
      sentAt: '2026-11-25T10:30:12+00:00',
      sendingApplication: 'WINPATH^RTH01',
      processingId: 'P',
    });
  });

  it('reads the full blood count, U&E, CRP and albumin of the first patient, leaving out MCV, MCH and potassium', () => {
    const first = message.results.filter((r) => r.patient.nhsNumber === '9434765919');
    expect(first.map((r) => [r.location, r.lab, r.value, r.unit])).toEqual([
      ['OBX[1]', 'haemoglobin', 134, 'g/L'],
      ['OBX[2]', 'whiteBloodCount', 6.2, '10*9/L'],
      ['OBX[3]', 'plateletCount', 245, '10*9/L'],
      ['OBX[6]', 'sodium', 139, 'mmol/L'],
      ['OBX[8]', 'urea', 6.1, 'mmol/L'],
      ['OBX[9]', 'creatinine', 92, 'umol/L'],
      ['OBX[10]', 'egfr', 90, 'mL/min/{1.73_m2}'],
      ['OBX[11]', 'crp', 4, 'mg/L'],
      ['OBX[12]', 'albumin', 41, 'g/L'],
    ]);
    expect(first[0]).toEqual({
      patient: { nhsNumber: '9434765919', localIdentifier: 'K1234567', birthDate: '1956-03-12' },
      lab: 'haemoglobin',
      value: 134,
      unit: 'g/L',
      takenAt: '2026-11-25T08:30:00+00:00',
      takenOn: '2026-11-25',
      status: 'final',
      outsideRange: false,
      code: { system: 'SCT', code: '1022431000000105', display: 'Haemoglobin estimation' },
      location: 'OBX[1]',
      birthDateAt: { segment: 'PID', segmentIndex: 1, field: 7 },
      limit: null,
      assumedUnit: null,
    });
    expect(message.notes.slice(0, 3)).toEqual([
      { location: 'OBX[4]', text: "Test '1022491000000106' (SNOMED CT) is not one the model uses: ignored." },
      { location: 'OBX[5]', text: "Test '1022471000000107' (SNOMED CT) is not one the model uses: ignored." },
      { location: 'OBX[7]', text: "Test '1000651000000109' (SNOMED CT) is not one the model uses: ignored." },
    ]);
  });

  it('takes limits as the file import does: SN >^90 and NM <4 are the limit', () => {
    const egfr = message.results.find((r) => r.lab === 'egfr')!;
    const crp = message.results.find((r) => r.lab === 'crp')!;
    expect([egfr.value, egfr.limit]).toEqual([90, '>']);
    expect([crp.value, crp.limit, crp.code]).toEqual([
      4,
      '<',
      { system: 'WINPATH', code: 'CRP', display: 'C reactive protein' },
    ]);
  });

  it('gives the second PID group its own results: g/dL converted, OBR-7 when OBX-14 is empty, the correction kept', () => {
    const second = message.results.filter((r) => r.patient.nhsNumber === '9990000018');
    expect(
      second.map((r) => [r.location, r.lab, r.value, r.unit, r.status, r.takenAt, r.outsideRange]),
    ).toEqual([
      ['OBX[13]', 'haemoglobin', 118, 'g/dL', 'final', '2026-06-24T09:15:00+01:00', false],
      ['OBX[14]', 'creatinine', 101, 'umol/L', 'corrected', '2026-06-24T09:15:00+01:00', false],
    ]);
    expect(second[0]!.patient).toEqual({
      nhsNumber: '9990000018',
      localIdentifier: 'RTH7654321',
      birthDate: '1948-07-04',
    });
  });

  it('leaves out a comment and a preliminary result, with a note that names no patient', () => {
    expect(message.notes.slice(3)).toEqual([
      { location: 'OBX[15]', text: 'The result is text, not a number: ignored.' },
      {
        location: 'OBX[16]',
        text: 'Result status P (preliminary) is not final, corrected or amended: ignored.',
      },
    ]);
    for (const note of message.notes) noPatientData(note.text);
  });
});

describe('readOruR01: a TelePath-style ORU^R01 (version 2.3, CR LF, local codes)', () => {
  const message = readOruR01(telepath, { now });

  it('reads local codes, OBR-7, a unit written with ^ escaped or not, and a missing unit by the import rule', () => {
    expect(message.results.map((r) => [r.lab, r.value, r.unit, r.assumedUnit, r.limit])).toEqual([
      ['sodium', 141, 'mmol/L', null, null],
      ['urea', 5.2, 'mmol/L', null, null],
      ['creatinine', 78, 'umol/L', null, null],
      ['egfr', 90, 'mL/min/1.73m2', null, '>'],
      ['albumin', 39, 'g/dL', null, null],
      ['haemoglobin', 129, '', 'g/dL', null],
      ['whiteBloodCount', 7.1, 'x10^9/L', null, null],
      ['plateletCount', 301, 'x10^9/L', null, null],
    ]);
    expect(message.results[0]).toMatchObject({
      patient: { nhsNumber: '9990000026', localIdentifier: 'RBB0012345' },
      takenAt: '2026-11-25T09:15:00+00:00',
      takenOn: '2026-11-25',
      code: { system: 'L', code: 'NA', display: 'Sodium' },
    });
    expect(message.notes).toEqual([]);
  });

  it('reads LF-only text the same as CR', () => {
    const lf = readOruR01(telepath.replace(/\r\n/g, '\n'), { now });
    expect(lf.results).toEqual(message.results);
  });
});

describe('readOruR01: codes', () => {
  const potassium = segmentIndex(winpath, 'OBX|2|NM|1000651000000109');

  it('reads a local code only when the result has no SNOMED CT or LOINC code', () => {
    const mislabelled = readOruR01(
      withSegment(winpath, potassium, (s) => s.replace('^K^Potassium^WINPATH', '^NA^Sodium^WINPATH')),
      { now },
    );
    expect(mislabelled.results.filter((r) => r.lab === 'sodium')).toHaveLength(1);
    const localOnly = readOruR01(
      withSegment(winpath, potassium, (s) =>
        s.replace('1000651000000109^Serum potassium level^SCT^K^', 'NA^').replace('||4.4|', '||139|'),
      ),
      { now },
    );
    expect(localOnly.results.filter((r) => r.lab === 'sodium').map((r) => r.location)).toEqual([
      'OBX[6]',
      'OBX[7]',
    ]);
  });

  it('refuses an OBX whose codes name two different inputs', () => {
    const hb = segmentIndex(winpath, 'OBX|1|NM|1022431000000105');
    expect(
      refusal(
        withSegment(winpath, hb, (s) =>
          s
            .replace('^HB^Haemoglobin^WINPATH', '^718-7^Hb^LN')
            .replace('1022431000000105', '1022651000000100'),
        ),
      ),
    ).toMatchObject({ location: { segment: 'OBX', segmentIndex: 1, field: 3 }, hl7ErrorCode: 103 });
  });
});

describe('readOruR01: statuses', () => {
  const obx = segmentIndex(winpath, 'OBX|1|NM|1022431000000105');
  const withStatus = (status: string) =>
    readOruR01(
      withSegment(winpath, obx, (s) => s.replace('|N|||F|||', `|N|||${status}|||`)),
      { now },
    );

  it('reads A as amended and U as final', () => {
    expect(withStatus('A').results[0]).toMatchObject({ lab: 'haemoglobin', status: 'amended' });
    expect(withStatus('U').results[0]).toMatchObject({ lab: 'haemoglobin', status: 'final' });
  });

  it.each([
    ['R', 'Result status R (entered, not verified) is not final, corrected or amended: ignored.'],
    ['I', 'Result status I (in process) is not final, corrected or amended: ignored.'],
    ['X', 'Result status X (cannot be obtained) is not final, corrected or amended: ignored.'],
    ['D', 'Result status D (deleted) is not final, corrected or amended: ignored.'],
    ['W', 'Result status W (posted against the wrong patient) is not final, corrected or amended: ignored.'],
  ])('leaves out status %s with a note', (status, text) => {
    const message = withStatus(status);
    expect(message.results.some((r) => r.location === 'OBX[1]')).toBe(false);
    expect(message.notes).toContainEqual({ location: 'OBX[1]', text });
  });

  it('takes OBR-25 when OBX-11 is empty', () => {
    const text = withSegment(
      withSegment(winpath, obx, (s) => s.replace('|N|||F|||', '|N|||||')),
      obx - 1,
      (s) => s.replace(/\|F$/, '|C'),
    );
    expect(readOruR01(text, { now }).results[0]).toMatchObject({ lab: 'haemoglobin', status: 'corrected' });
  });
});

describe('readOruR01: refused messages', () => {
  const hbObx = segmentIndex(winpath, 'OBX|1|NM|1022431000000105');

  it('refuses an unknown unit for a test it reads, at OBX-6, quoting the unit only', () => {
    const error = refusal(withSegment(winpath, hbObx, (s) => s.replace('|134|g/L|', '|134|mmol/L|')));
    expect(error).toMatchObject({
      kind: 'invalid',
      location: { segment: 'OBX', segmentIndex: 1, field: 6 },
      hl7ErrorCode: 103,
      message: "OBX[1]: the unit 'mmol/L' is not one we can read for Haemoglobin; send g/L or g/dL.",
    });
    expect(error.message).not.toContain('134');
  });

  it('does not read the unit of a test it leaves out', () => {
    const mcv = segmentIndex(winpath, 'OBX|4|NM|1022491000000106');
    expect(() =>
      readOruR01(
        withSegment(winpath, mcv, (s) => s.replace('|fL|', '|furlongs|')),
        { now },
      ),
    ).not.toThrow();
  });

  it('refuses a sample time that is not an HL7 date and time, or is in the future', () => {
    expect(
      refusal(withSegment(winpath, hbObx, (s) => s.replace(/\|20261125083000$/, '|2026-11-25 08:30'))),
    ).toMatchObject({
      kind: 'invalid',
      location: { segment: 'OBX', segmentIndex: 1, field: 14 },
      message: 'OBX[1]: OBX-14 is not an HL7 date and time (YYYYMMDDHHMM[SS][+ZZZZ]).',
    });
    expect(
      refusal(withSegment(winpath, hbObx, (s) => s.replace(/\|20261125083000$/, '|20261131083000'))).message,
    ).toBe('OBX[1]: OBX-14 is not a real date and time.');
    expect(
      refusal(withSegment(winpath, hbObx, (s) => s.replace(/\|20261125083000$/, '|20271125083000'))).message,
    ).toBe('OBX[1]: OBX-14 is in the future.');
  });

  it('refuses a result with no sample time in OBX-14 or OBR-7', () => {
    const text = withSegment(
      withSegment(winpath, hbObx, (s) => s.replace(/\|\|\|20261125083000$/, '')),
      hbObx - 1,
      (s) => s.replace('|||20261125083000|', '||||'),
    );
    expect(refusal(text)).toMatchObject({
      location: { segment: 'OBX', segmentIndex: 1, field: 14 },
      hl7ErrorCode: 101,
    });
  });

  it('refuses an NHS number that fails the check digit, without repeating it', () => {
    const error = refusal(winpath.replace('9434765919^^^NHS^NH', '9434765918^^^NHS^NH'));
    expect(error).toMatchObject({
      kind: 'invalid',
      location: { segment: 'PID', segmentIndex: 1, field: 3, repetition: 1, component: 1 },
      message:
        "PID[1]: the NHS number in PID-3 (repetition 1) fails the check digit (Modulus 11); check it against the patient's record.",
    });
    noPatientData(error.message);
    expect(error.message).not.toContain('9434765918');
  });

  it('refuses a PID with no identifier, and an OBX before any PID', () => {
    expect(refusal(winpath.replace('9434765919^^^NHS^NH~K1234567^^^RTH01^MR', ''))).toMatchObject({
      location: { segment: 'PID', segmentIndex: 1, field: 3 },
      hl7ErrorCode: 101,
    });
    const pid = segmentIndex(winpath, 'PID|1');
    expect(refusal(withSegment(winpath, pid, () => 'NTE|1||moved')).message).toBe(
      'OBX[1] comes before any PID segment, so its patient is not known.',
    );
  });

  it('keeps a patient with a hospital number only, and one whose hospital number is too long by their NHS number', () => {
    const local = readOruR01(winpath.replace('9434765919^^^NHS^NH~', ''), { now });
    expect(local.results[0]!.patient).toEqual({
      nhsNumber: null,
      localIdentifier: 'K1234567',
      birthDate: '1956-03-12',
    });
    const long = readOruR01(winpath.replace('K1234567^', `${'K'.repeat(31)}^`), { now });
    expect(long.results[0]!.patient).toEqual({
      nhsNumber: '9434765919',
      localIdentifier: null,
      birthDate: '1956-03-12',
    });
    expect(long.notes[0]).toEqual({
      location: 'PID[1]',
      text: 'The local patient identifier is longer than 30 characters, so it was not kept.',
    });
  });

  it('refuses another message type, a missing control id and an unsupported version at their MSH fields', () => {
    expect(refusal(winpath.replace('ORU^R01^ORU_R01', 'ADT^A01^ADT_A01'))).toMatchObject({
      location: { segment: 'MSH', segmentIndex: 1, field: 9 },
      hl7ErrorCode: 200,
      message: "The message type (MSH-9) is 'ADT^A01'; this interface reads ORU^R01 result messages only.",
    });
    expect(refusal(winpath.replace('|WP26112500001|', '||'))).toMatchObject({
      location: { segment: 'MSH', segmentIndex: 1, field: 10 },
      hl7ErrorCode: 101,
    });
    expect(refusal(winpath.replace('|P|2.4|', '|P|2.6|'))).toMatchObject({
      location: { segment: 'MSH', segmentIndex: 1, field: 12 },
      hl7ErrorCode: 203,
    });
  });

  it.each([
    ['text that is not HL7', 'Dear lab, please find the results attached.'],
    ['a FHIR resource', '{"resourceType":"Bundle"}'],
    ['NUL bytes', winpath.replace('PV1|1|O', 'PV1|1|\u0000O')],
    ['a broken segment', winpath.replace('\rPV1|', '\rP V1|')],
    ['no encoding characters', winpath.replace('MSH|^~\\&|', 'MSH|WINPATH|')],
    ['an empty text', ''],
  ])('refuses %s as unreadable', (_, text) => {
    expect(refusal(text).kind).toBe('unreadable');
  });

  it('refuses two messages in one text', () => {
    expect(refusal(`${winpath}${telepath.replace(/\r\n/g, '\r')}`)).toMatchObject({
      location: { segment: 'MSH', segmentIndex: 2 },
    });
  });
});

describe('readOruR01: values no patient can have, and text that is not text', () => {
  const hb = segmentIndex(winpath, 'OBX|1|NM|1022431000000105');
  const withHb = (value: string) =>
    withSegment(winpath, hb, (s) => s.replace('||134|g/L|', `||${value}|g/L|`));

  it.each(['500', '-50', '0', '1e308', '29.9', '250.1'])('refuses haemoglobin %s g/L at OBX-5', (value) => {
    const error = refusal(withHb(value));
    expect(error.kind).toBe('invalid');
    expect(error.location).toMatchObject({ segment: 'OBX', segmentIndex: 1, field: 5 });
    expect(error.message).toBe(
      "OBX[1]: the haemoglobin result is not a possible value (a patient's result is between 30 and 250 g/L); check it in the laboratory system.",
    );
  });

  it('refuses a potassium result sent under the sodium code: 4.4 mmol/L is no sodium', () => {
    const potassium = segmentIndex(winpath, 'OBX|2|NM|1000651000000109');
    const error = refusal(
      withSegment(winpath, potassium, (s) =>
        s.replace('1000651000000109^Serum potassium level^SCT^K^', 'NA^'),
      ),
    );
    expect(error.location).toMatchObject({ segment: 'OBX', field: 5 });
  });

  it('takes a value outside the range the model was developed on, and flags it', () => {
    const message = readOruR01(withHb('45'), { now });
    expect(message.results.find((r) => r.location === 'OBX[1]')).toMatchObject({
      value: 45,
      outsideRange: true,
    });
    expect(message.flags).toEqual([
      {
        location: 'OBX[1]',
        text: "The haemoglobin result is outside the range the model was developed on (50–200 g/L): it was applied, and the patient's risk summary says so.",
      },
    ]);
    expect(readOruR01(winpath, { now }).flags).toEqual([]);
  });

  it.each([
    [
      'an escaped NUL in MSH-10',
      (text: string) => text.replace('|WP26112500001|', '|WP\\X00\\1|'),
      'MSH',
      10,
    ],
    [
      'an escaped NUL in PID-3',
      (text: string) => text.replace('9434765919^^^NHS^NH', '9434765919\\X00\\^^^NHS^NH'),
      'PID',
      3,
    ],
    [
      'an escaped C1 control in PID-3',
      (text: string) => text.replace('K1234567^^^RTH01', 'K12\\X9B\\34567^^^RTH01'),
      'PID',
      3,
    ],
    ['an escaped ESC in OBX-6', (text: string) => text.replace('||134|g/L|', '||134|g/L\\X1B\\|'), 'OBX', 6],
    [
      'a literal C1 control in MSH-10',
      (text: string) => text.replace('|WP26112500001|', '|WP\u0085|'),
      'MSH',
      10,
    ],
    [
      'an escaped line break in MSH-10',
      (text: string) => text.replace('|WP26112500001|', '|WP\\.br\\1|'),
      'MSH',
      10,
    ],
  ])('refuses %s as unreadable, naming the field', (_name, change, segment, field) => {
    const error = refusal(change(winpath));
    expect(error.kind).toBe('unreadable');
    expect(error.location).toMatchObject({ segment, field });
    expect(error.message).toContain(`${segment}-${field} holds a control character`);
    noPatientData(error.message);
  });

  it('still reads escapes that decode to text: \\F\\, \\S\\ and \\X41\\', () => {
    const message = readOruR01(winpath.replace('K1234567^^^RTH01', 'K12\\X41\\34567^^^RTH01'), { now });
    expect(message.results[0]!.patient.localIdentifier).toBe('K12A34567');
  });
});

describe('readOruR01: content hash', () => {
  const hash = readOruR01(winpath, { now }).contentHash;

  it('is the same for the same message sent again, with other line ends, or with a new send time', () => {
    expect(readOruR01(winpath, { now }).contentHash).toBe(hash);
    expect(readOruR01(winpath.replace(/\r/g, '\r\n'), { now }).contentHash).toBe(hash);
    expect(readOruR01(winpath.replace('|20261125103012|', '|20261125113012|'), { now }).contentHash).toBe(
      hash,
    );
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('differs for another control id, a changed value, and another patient', () => {
    expect(readOruR01(winpath.replace('WP26112500001', 'WP26112500002'), { now }).contentHash).not.toBe(hash);
    expect(readOruR01(winpath.replace('||134|g/L|', '||135|g/L|'), { now }).contentHash).not.toBe(hash);
    expect(readOruR01(winpath.replace('K1234567', 'K1234568'), { now }).contentHash).not.toBe(hash);
  });
});

describe('hl7Ack', () => {
  const segments = (ack: string) => ack.split('\r').map((s) => s.split('|'));

  it('accepts with sender and receiver swapped and the inbound control id', () => {
    const [msh, msa] = segments(hl7Ack(winpath, 'AA', undefined, '9 results received.'));
    expect(msh!.slice(0, 6)).toEqual(['MSH', '^~\\&', 'ESR', 'RTH01', 'WINPATH', 'RTH01']);
    expect(msh![6]).toMatch(/^\d{14}[+-]\d{4}$/);
    expect(msh!.slice(8)).toEqual(['ACK^R01^ACK', expect.stringMatching(/^[0-9a-f]{20}$/), 'P', '2.4']);
    expect(msa).toEqual(['MSA', 'AA', 'WP26112500001', '9 results received.']);
  });

  it('reports an error with an ERR segment: location, table 0357 code, severity and the text escaped', () => {
    const error = refusal(winpath.replace('||134|g/L|', '||134|g|L|'));
    const ack = hl7Ack(winpath, 'AE', error);
    const err = segments(ack).find((s) => s[0] === 'ERR')!;
    expect(err.slice(1, 5)).toEqual(['', 'OBX^1^6^1', '103^Table value not found^HL70357', 'E']);
    expect(err[8]).toBe("OBX[1]: the unit 'g' is not one we can read for Haemoglobin; send g/L or g/dL.");
    const withBar = hl7Ack(winpath, 'AE', {
      location: { segment: 'PID', segmentIndex: 2, field: 3, component: 1 },
      text: 'a|b^c',
    });
    expect(
      segments(withBar)
        .find((s) => s[0] === 'ERR')!
        .slice(2),
    ).toEqual(['PID^2^3^1^1', '102^Data type error^HL70357', 'E', '', '', '', 'a\\F\\b\\S\\c']);
    expect(Hl7Message.parse(withBar).getSegment('MSA')!.getField(1).toString()).toBe('AE');
  });

  it('answers text that is not HL7 with an AR that has what could be read', () => {
    const [msh, msa, err] = segments(hl7Ack('not a message', 'AR', refusal('not a message')));
    expect(msh![8]).toBe('ACK');
    expect(msh![11]).toBe('2.5');
    expect(msa).toEqual([
      'MSA',
      'AR',
      '',
      'The message does not start with an MSH segment, so it is not an HL7 v2 message.',
    ]);
    expect(err!.slice(2, 4)).toEqual(['MSH^1', '100^Segment sequence error^HL70357']);
    const broken = winpath.replace('PV1|1|O', 'PV1|1|\u0000O');
    expect(segments(hl7Ack(broken, 'AR', refusal(broken)))[1]).toEqual([
      'MSA',
      'AR',
      'WP26112500001',
      'The message contains NUL bytes, so it is not HL7 v2 text.',
    ]);
  });
});

describe('readOruR01: the date of birth in PID-7 (decision 0055)', () => {
  const pidOf = (text: string) => text.split('\r').find((segment) => segment.startsWith('PID|1'))!;
  const withBirth = (birth: string) => {
    const pid = pidOf(winpath).split('|');
    pid[7] = birth;
    return winpath.replace(pidOf(winpath), pid.join('|'));
  };

  it('reads a date, with or without a time after it, and none when PID-7 is empty', () => {
    expect(readOruR01(withBirth('19560312'), { now }).results[0]!.patient.birthDate).toBe('1956-03-12');
    expect(readOruR01(withBirth('195603120000'), { now }).results[0]!.patient.birthDate).toBe('1956-03-12');
    expect(readOruR01(withBirth(''), { now }).results[0]!.patient.birthDate).toBeNull();
  });

  it('refuses a date of birth that is partial, not a real date or in the future, at PID-7, without repeating it', () => {
    for (const [birth, problem] of [
      ['1956', 'gives only part of a date: give the whole date (YYYYMMDD)'],
      ['19560231', 'is not a real date'],
      ['20990101', 'is in the future'],
      ['12/03/1956', 'is not a date (YYYYMMDD)'],
    ] as const) {
      const error = refusal(withBirth(birth));
      expect(error.location).toEqual({ segment: 'PID', segmentIndex: 1, field: 7 });
      expect(error.message).toBe(
        `PID[1]: the date of birth in PID-7 ${problem}; check it against the patient's record.`,
      );
      expect(error.message).not.toContain(birth);
    }
  });
});
