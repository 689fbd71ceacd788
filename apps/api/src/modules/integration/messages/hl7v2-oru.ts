/**
 * HL7 v2 ORU^R01 lab results as UK lab systems send them (docs/integration.md "What a message may
 * contain"). Versions 2.3 to 2.5.1; segments end in CR (CR LF or LF are read too); each OBX belongs
 * to the PID before it. The ACK that answers them is in hl7-ack.ts.
 */
import type { Hl7Segment } from '@medplum/core';
import { parseLabResult } from '@esr/import-files/lab-values';
import { codeSystemName, codesToRead, labForCode, unitFactorFor } from './lab-codes.js';
import {
  MessageReading,
  type IncomingLabMessage,
  type IncomingLabResult,
  type LabCode,
  type MessageLocation,
  type PatientIdentifiers,
} from './lab-message.js';
import { isInFuture, readHl7DateTime, type MessageTime } from './message-times.js';
import { todayInLondon } from '@esr/contracts/london-dates';
import {
  localIdentifierFits,
  localTooLongNote,
  readBirthDate,
  readNhsNumber,
} from './patient-identifiers.js';
import { convertValue, quoted } from './result-values.js';
import {
  checkedText,
  componentText,
  invalid,
  parseEr7,
  repetitions,
  subcomponentText,
  unescape,
} from './hl7-er7.js';

export interface Hl7ReadOptions {
  /** Sample times after it (give or take a sender's clock running fast) refuse the message. */
  now: Date;
}

const acceptedVersions = ['2.3', '2.3.1', '2.4', '2.5', '2.5.1'];
/** The NHS number's assigning authority OID (NHS Digital's HL7 v2 identifier guidance). */
const nhsNumberOid = '2.16.840.1.113883.2.1.4.1';

// HL7 table 0085 observation result status. A is "amended" (table 0085 from v2.6, sent by some
// earlier systems too); U changes a preliminary result to final and counts as final when it carries a value.
const resultStatuses: Record<string, { status: IncomingLabResult['status'] | null; words: string }> = {
  F: { status: 'final', words: 'final' },
  C: { status: 'corrected', words: 'corrected' },
  A: { status: 'amended', words: 'amended' },
  U: { status: 'final', words: 'changed to final' },
  P: { status: null, words: 'preliminary' },
  R: { status: null, words: 'entered, not verified' },
  S: { status: null, words: 'partial' },
  I: { status: null, words: 'in process' },
  O: { status: null, words: 'order detail only' },
  N: { status: null, words: 'not asked' },
  X: { status: null, words: 'cannot be obtained' },
  D: { status: null, words: 'deleted' },
  W: { status: null, words: 'posted against the wrong patient' },
};

interface PatientGroup {
  patient: PatientIdentifiers;
  localTooLong: boolean;
  birthDateAt: MessageLocation;
}

/**
 * PID-3's identifiers: the NHS number is the one typed NH, or assigned by NHS or the NHS number OID;
 * the local identifier is the hospital number (type MR, then PI, then PT or HN), else the first other.
 */
function readPatient(pid: Hl7Segment, index: number, now: Date): PatientGroup {
  let nhsNumber: string | null = null;
  const locals: { value: string; rank: number }[] = [];
  repetitions(pid, 3).forEach((components, r) => {
    const value = componentText(pid, 3, 1, r);
    if (value.length === 0) return;
    const authority = components[3] ?? '';
    const namespace = subcomponentText(authority, 0, pid, 3).toUpperCase();
    const universalId = subcomponentText(authority, 1, pid, 3);
    const type = componentText(pid, 3, 5, r).toUpperCase();
    if (type === 'NH' || namespace === 'NHS' || universalId === nhsNumberOid) {
      const read = readNhsNumber(value);
      const location = { segment: 'PID', segmentIndex: index, field: 3, repetition: r + 1, component: 1 };
      if (!read.ok) {
        throw invalid(
          location,
          `PID[${index}]: the NHS number in PID-3 (repetition ${r + 1}) ${read.problem}; check it against the patient's record.`,
        );
      }
      if (nhsNumber !== null && nhsNumber !== read.value) {
        throw invalid(location, `PID[${index}]: PID-3 holds two different NHS numbers.`);
      }
      nhsNumber = read.value;
      return;
    }
    const rank = type === 'MR' ? 0 : type === 'PI' ? 1 : type === 'PT' || type === 'HN' ? 2 : 3;
    locals.push({ value, rank });
  });
  const local = locals.sort((a, b) => a.rank - b.rank)[0] ?? null;
  const localTooLong = local !== null && !localIdentifierFits(local.value);
  const localIdentifier = local !== null && !localTooLong ? local.value : null;
  if (nhsNumber === null && localIdentifier === null) {
    throw invalid(
      { segment: 'PID', segmentIndex: index, field: 3 },
      `PID[${index}] has no usable patient identifier in PID-3; give the NHS number (identifier type NH) or a hospital number of at most 30 characters.`,
      101,
    );
  }
  // PID-7, the date of birth (decision 0055): compared with the pathway's where results are applied.
  const birthDateAt = { segment: 'PID', segmentIndex: index, field: 7 };
  const birthDate = readBirthDate(componentText(pid, 7, 1), 'hl7', todayInLondon(now));
  if (!birthDate.ok) {
    throw invalid(
      birthDateAt,
      `PID[${index}]: the date of birth in PID-7 ${birthDate.problem}; check it against the patient's record.`,
    );
  }
  return {
    patient: { nhsNumber, localIdentifier, birthDate: birthDate.value },
    localTooLong,
    birthDateAt,
  };
}

type ValueReading =
  { kind: 'number'; value: number; limit: '<' | '>' | null } | { kind: 'none'; note: string };

/** OBX-5 as a number, by its value type (OBX-2); a comment, a range or a coded value is left out. */
function readValue(obx: Hl7Segment): ValueReading {
  const type = componentText(obx, 2).toUpperCase();
  const values = repetitions(obx, 5);
  const filled = values.filter((components) =>
    components.some((c) => c.trim().length > 0 && c.trim() !== '""'),
  );
  if (filled.length === 0) return { kind: 'none', note: 'The result has no value (OBX-5): ignored.' };
  if (filled.length > 1) return { kind: 'none', note: 'OBX-5 holds more than one value: ignored.' };
  if (type === 'SN') {
    // SN: comparator ^ number ^ separator/suffix ^ number (2.5 §2.A.75); a range or ratio is not one value.
    const comparator = componentText(obx, 5, 1);
    const first = componentText(obx, 5, 2);
    if (componentText(obx, 5, 3) !== '' || componentText(obx, 5, 4) !== '') {
      return { kind: 'none', note: 'The result is a range or ratio, not a single value: ignored.' };
    }
    const value = Number(first);
    if (first === '' || !Number.isFinite(value)) {
      return { kind: 'none', note: 'The result (value type SN) is not a number: ignored.' };
    }
    if (comparator === '' || comparator === '=') return { kind: 'number', value, limit: null };
    if (comparator === '<' || comparator === '<=') return { kind: 'number', value, limit: '<' };
    if (comparator === '>' || comparator === '>=') return { kind: 'number', value, limit: '>' };
    return { kind: 'none', note: `The result's comparator ${quoted(comparator)} is not a limit: ignored.` };
  }
  if (type === 'NM' || type === 'ST' || type === 'TX' || type === 'FT' || type === '') {
    // As a file's result cell is read: `<5` is a limit, `150 H` a number, words are a comment.
    const text = unescape(filled[0]!.join(obx.context.componentSeparator), obx.context).trim();
    const parsed = parseLabResult(text);
    if (parsed.kind === 'comment')
      return { kind: 'none', note: 'The result is text, not a number: ignored.' };
    return { kind: 'number', value: parsed.value, limit: parsed.limit };
  }
  return { kind: 'none', note: `The result's value type ${quoted(type)} is not a number: ignored.` };
}

/** The text without the run of `character` it ends with. */
function trimEnd(text: string, character: string): string {
  let end = text.length;
  while (end > 0 && text.charAt(end - 1) === character) end--;
  return text.slice(0, end);
}

/**
 * OBX-6 as sent. Its identifier is read first, then its text, then the whole field, for a lab that
 * writes `x10^9/L` without escaping the ^ (which then splits the field into components).
 */
function readUnit(obx: Hl7Segment, lab: LabCode): string | null {
  const identifier = componentText(obx, 6, 1);
  const text = componentText(obx, 6, 2);
  const whole = trimEnd(
    checkedText(unescape((repetitions(obx, 6)[0] ?? []).join(obx.context.componentSeparator), obx.context), {
      segment: 'OBX',
      field: 6,
    }),
    obx.context.componentSeparator,
  ).trim();
  const candidates = [identifier, text, whole].filter((unit) => unit.length > 0);
  if (candidates.length === 0) return null;
  return candidates.find((unit) => unitFactorFor(lab, unit) !== null) ?? candidates[0]!;
}

const timeProblems = {
  format: 'is not an HL7 date and time (YYYYMMDDHHMM[SS][+ZZZZ])',
  noDay: 'gives no day',
  notReal: 'is not a real date and time',
  tooEarly: 'is before 1900, so it cannot be a sample time',
} as const;

function readTime(segment: Hl7Segment, index: number, field: number, now: Date): MessageTime | null {
  const raw = componentText(segment, field, 1);
  if (raw === '') return null;
  const reading = readHl7DateTime(raw);
  const location = { segment: segment.name, segmentIndex: index, field };
  const where = `${segment.name}[${index}]: ${segment.name}-${field}`;
  if (!reading.ok) throw invalid(location, `${where} ${timeProblems[reading.problem]}.`);
  if (isInFuture(reading.time, now)) throw invalid(location, `${where} is in the future.`);
  return reading.time;
}

interface Order {
  segment: Hl7Segment;
  index: number;
}

function readObx(
  obx: Hl7Segment,
  index: number,
  group: PatientGroup,
  order: Order | null,
  reading: MessageReading,
  now: Date,
): void {
  const where = `OBX[${index}]`;
  const leave = (text: string) => reading.leave(where, text, group.patient);
  const codes = [1, 4].map((first) => ({
    code: componentText(obx, 3, first),
    display: componentText(obx, 3, first + 1),
    system: componentText(obx, 3, first + 2),
  }));
  const recognised = codesToRead(codes.filter((c) => c.code !== ''))
    .map((c) => ({ ...c, lab: labForCode(c.system, c.code) }))
    .filter((c): c is typeof c & { lab: LabCode } => c.lab !== null);
  if (recognised.length === 2 && recognised[0]!.lab !== recognised[1]!.lab) {
    throw invalid(
      { segment: 'OBX', segmentIndex: index, field: 3 },
      `${where}: OBX-3 names two different tests.`,
      103,
    );
  }
  const named = recognised[0];
  if (named === undefined) {
    const first = codes.find((c) => c.code !== '');
    leave(
      first === undefined
        ? 'The result has no test code (OBX-3): ignored.'
        : `Test ${quoted(first.code)} (${codeSystemName(first.system)}) is not one the model uses: ignored.`,
    );
    return;
  }
  const statusCode = componentText(obx, 11) || (order ? componentText(order.segment, 25) : '');
  const status = resultStatuses[statusCode.toUpperCase()];
  if (status === undefined || status.status === null) {
    leave(
      statusCode === ''
        ? 'The result has no status (OBX-11): ignored.'
        : status === undefined
          ? `Result status ${quoted(statusCode)} is not an HL7 result status: ignored.`
          : `Result status ${statusCode.toUpperCase()} (${status.words}) is not final, corrected or amended: ignored.`,
    );
    return;
  }
  const value = readValue(obx);
  if (value.kind === 'none') {
    leave(value.note);
    return;
  }
  const converted = convertValue(
    named.lab,
    value.value,
    readUnit(obx, named.lab),
    where,
    { segment: 'OBX', segmentIndex: index, field: 6 },
    { segment: 'OBX', segmentIndex: index, field: 5 },
  );
  const time = readTime(obx, index, 14, now) ?? (order ? readTime(order.segment, order.index, 7, now) : null);
  if (time === null) {
    throw invalid(
      { segment: 'OBX', segmentIndex: index, field: 14 },
      `${where}: the result has no sample time; give OBX-14, or OBR-7 in the OBR before it.`,
      101,
    );
  }
  const code: IncomingLabResult['code'] = { system: named.system, code: named.code };
  if (named.display !== '') code.display = named.display;
  reading.results.push({
    patient: group.patient,
    lab: named.lab,
    value: converted.value,
    unit: converted.unit,
    takenAt: time.iso,
    takenOn: time.day,
    status: status.status,
    outsideRange: converted.outsideRange,
    code,
    location: where,
    birthDateAt: group.birthDateAt,
    limit: value.limit,
    assumedUnit: converted.assumedUnit,
  });
}

/** The header checks: an ORU^R01 of a version we read, with a control id. */
function readHeader(msh: Hl7Segment) {
  const at = (field: number) => ({ segment: 'MSH', segmentIndex: 1, field });
  const type = componentText(msh, 9, 1).toUpperCase();
  const event = componentText(msh, 9, 2).toUpperCase();
  if (type !== 'ORU' || event !== 'R01') {
    const given = [type, event].filter(Boolean).join('^');
    throw invalid(
      at(9),
      `The message type (MSH-9) is ${given === '' ? 'missing' : quoted(given)}; this interface reads ORU^R01 result messages only.`,
      type === 'ORU' ? 201 : 200,
    );
  }
  const controlId = componentText(msh, 10);
  if (controlId === '') throw invalid(at(10), 'The message has no control id (MSH-10).', 101);
  const version = componentText(msh, 12);
  if (version === '') throw invalid(at(12), 'The message has no version (MSH-12).', 101);
  if (!acceptedVersions.includes(version)) {
    throw invalid(
      at(12),
      `HL7 version ${quoted(version)} (MSH-12) is not one we read; send version 2.3, 2.3.1, 2.4, 2.5 or 2.5.1.`,
      203,
    );
  }
  const application = componentText(msh, 3);
  const facility = componentText(msh, 4);
  const sent = readHl7DateTime(componentText(msh, 7));
  return {
    controlId,
    sentAt: sent.ok ? sent.time.iso : null,
    sendingApplication:
      application === '' && facility === ''
        ? null
        : facility === ''
          ? application
          : `${application}^${facility}`,
    processingId: componentText(msh, 11) || null,
  };
}

/** An ORU^R01 message in ER7 text: its results for the nine inputs, and the items left out. */
export function readOruR01(text: string, options: Hl7ReadOptions): IncomingLabMessage {
  const message = parseEr7(text);
  const header = readHeader(message.segments[0]!);
  const reading = new MessageReading('hl7v2');
  const counts = new Map<string, number>();
  let group: PatientGroup | null = null;
  let order: Order | null = null;
  for (const segment of message.segments) {
    const index = (counts.get(segment.name) ?? 0) + 1;
    counts.set(segment.name, index);
    if (segment.name === 'MSH' && index > 1) {
      throw invalid(
        { segment: 'MSH', segmentIndex: index },
        'The text holds more than one message (a second MSH segment); send one message at a time.',
        100,
      );
    }
    if (segment.name === 'PID') {
      group = readPatient(segment, index, options.now);
      order = null;
      if (group.localTooLong) reading.leave(`PID[${index}]`, localTooLongNote, group.patient);
    } else if (segment.name === 'OBR') {
      order = { segment, index };
    } else if (segment.name === 'OBX') {
      if (group === null) {
        throw invalid(
          { segment: 'OBX', segmentIndex: index },
          `OBX[${index}] comes before any PID segment, so its patient is not known.`,
          100,
        );
      }
      readObx(segment, index, group, order, reading, options.now);
    }
  }
  return reading.finish({
    messageId: header.controlId,
    sentAt: header.sentAt,
    sendingApplication: header.sendingApplication,
    processingId: header.processingId,
  });
}
