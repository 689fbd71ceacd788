/**
 * HL7 v2 ORU^R01 lab results as UK lab systems send them (docs/integration.md "What a message may
 * contain"), read with @medplum/core's parser, and the ACK that answers them. Versions 2.3 to 2.5.1;
 * segments end in CR (CR LF or LF are read too); each OBX belongs to the PID before it.
 */
import { randomUUID } from 'node:crypto';
import { Hl7Context, Hl7Message, Hl7Segment } from '@medplum/core';
import { controlCharacterProblem } from '@esr/contracts/text-rules';
import { parseLabResult } from '@esr/import-files/lab-values';
import { codeSystemName, codesToRead, labForCode, unitFactorFor } from './lab-codes.js';
import {
  hl7ErrorCodes,
  MessageError,
  MessageReading,
  type Hl7ErrorCode,
  type IncomingLabMessage,
  type IncomingLabResult,
  type LabCode,
  type MessageLocation,
  type PatientIdentifiers,
} from './lab-message.js';
import { isInFuture, messageTime, readHl7DateTime, type MessageTime } from './message-times.js';
import { todayInLondon } from '@esr/contracts/london-dates';
import {
  localIdentifierFits,
  localTooLongNote,
  readBirthDate,
  readNhsNumber,
} from './patient-identifiers.js';
import { convertValue, quoted } from './result-values.js';

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

const unreadable = (location: MessageLocation, message: string, code: Hl7ErrorCode = 100) =>
  new MessageError('unreadable', location, message, code);
const invalid = (location: MessageLocation, message: string, code: Hl7ErrorCode = 102) =>
  new MessageError('invalid', location, message, code);

const segmentName = /^[A-Z][A-Z0-9]{2}$/;

/**
 * ER7 text as medplum's segments. Medplum's own `Hl7Message.parse` takes the four characters after
 * the field separator as the encoding characters whatever they are, and splits on LF inside a field;
 * the separators are checked here first, and only CR ends a segment when the text has one.
 */
function parseEr7(raw: string): Hl7Message {
  if (raw.includes('\u0000')) {
    throw unreadable({}, 'The message contains NUL bytes, so it is not HL7 v2 text.', 102);
  }
  const text = raw.trimStart();
  if (!text.startsWith('MSH')) {
    throw unreadable(
      { segment: 'MSH', segmentIndex: 1 },
      'The message does not start with an MSH segment, so it is not an HL7 v2 message.',
    );
  }
  const fieldSeparator = text.charAt(3);
  if (fieldSeparator === '' || /[A-Za-z0-9\s]/.test(fieldSeparator)) {
    throw unreadable(
      { segment: 'MSH', segmentIndex: 1, field: 1 },
      'MSH-1 is not a field separator (usually |).',
      102,
    );
  }
  const end = text.indexOf(fieldSeparator, 4);
  const encoding = text.slice(4, end < 0 ? undefined : end);
  const distinct = new Set([fieldSeparator, ...encoding]);
  if (
    encoding.length < 3 ||
    encoding.length > 5 ||
    /[A-Za-z0-9\s]/.test(encoding) ||
    distinct.size !== encoding.length + 1
  ) {
    throw unreadable(
      { segment: 'MSH', segmentIndex: 1, field: 2 },
      'MSH-2 does not hold the encoding characters (usually ^~\\&).',
      102,
    );
  }
  const context = new Hl7Context(
    '\r',
    fieldSeparator,
    encoding.charAt(0),
    encoding.charAt(1),
    encoding.charAt(2),
    encoding.charAt(3) || '&',
  );
  const lines = text.split(text.includes('\r') ? /\r\n?/ : /\n/).filter((line) => line.trim().length > 0);
  const segments = lines.map((line, i) => {
    const name = line.slice(0, 3);
    if (!segmentName.test(name) || (line.length > 3 && line.charAt(3) !== fieldSeparator)) {
      throw unreadable({}, `Line ${i + 1} of the message is not an HL7 segment.`);
    }
    return Hl7Segment.parse(line, context);
  });
  return new Hl7Message(segments, context);
}

/** HL7 escape sequences in a value (\F\ \S\ \T\ \R\ \E\, \.br\, \Xhh\), with formatting ones dropped. */
function unescape(value: string, context: Hl7Context): string {
  const e = context.escapeCharacter;
  if (!value.includes(e)) return value;
  let out = '';
  let i = 0;
  while (i < value.length) {
    const end = value.charAt(i) === e ? value.indexOf(e, i + 1) : -1;
    if (end < 0) {
      out += value.charAt(i);
      i++;
      continue;
    }
    const sequence = value.slice(i + 1, end);
    if (sequence === 'F') out += context.fieldSeparator;
    else if (sequence === 'S') out += context.componentSeparator;
    else if (sequence === 'T') out += context.subcomponentSeparator;
    else if (sequence === 'R') out += context.repetitionSeparator;
    else if (sequence === 'E') out += e;
    else if (sequence === '.br') out += '\n';
    else if (/^X(?:[0-9A-Fa-f]{2})+$/.test(sequence)) {
      for (let h = 1; h < sequence.length; h += 2)
        out += String.fromCharCode(parseInt(sequence.slice(h, h + 2), 16));
    }
    i = end + 1;
  }
  return out;
}

/** Escapes text for a field of an answer, so that no separator in it splits the field. */
function escape(value: string, context: Hl7Context): string {
  const e = context.escapeCharacter;
  const sequences = new Map([
    [e, 'E'],
    [context.fieldSeparator, 'F'],
    [context.componentSeparator, 'S'],
    [context.subcomponentSeparator, 'T'],
    [context.repetitionSeparator, 'R'],
  ]);
  let out = '';
  for (const ch of value.replace(/[\r\n]+/g, ' ')) {
    const sequence = sequences.get(ch);
    out += sequence === undefined ? ch : `${e}${sequence}${e}`;
  }
  return out;
}

/** A field's repetitions, each a list of components (raw, still escaped); none for a field not sent. */
function repetitions(segment: Hl7Segment, field: number): string[][] {
  const index = segment.name === 'MSH' ? field - 1 : field;
  return segment.fields[index]?.components ?? [];
}

/**
 * A field's text once its escapes are decoded must pass the rules every other text the product
 * takes passes (decision 0021): no NUL, no other C0 or C1 control character (a `\X00\` or
 * `\X9B\` escape would otherwise put one into a stored id, where the database refuses it or a
 * screen shows it), and valid Unicode.
 */
function checkedText(value: string, location: MessageLocation): string {
  const problem = controlCharacterProblem(value, { multiline: false });
  if (problem === undefined) return value;
  const where = `${location.segment}-${location.field}`;
  throw unreadable(
    location,
    `${where} holds a control character once its escape sequences are decoded (${problem}); it is not text we can take.`,
    102,
  );
}

/** A component as text: unescaped, checked, trimmed, and the HL7 null `""` as empty. */
function componentText(segment: Hl7Segment, field: number, component = 1, repetition = 0): string {
  const raw = repetitions(segment, field)[repetition]?.[component - 1] ?? '';
  const value = checkedText(unescape(raw, segment.context), {
    segment: segment.name,
    field,
    repetition: repetition + 1,
    component,
  }).trim();
  return value === '""' ? '' : value;
}

function subcomponentText(raw: string, subcomponent: number, segment: Hl7Segment, field: number): string {
  const context = segment.context;
  const value = checkedText(unescape(raw.split(context.subcomponentSeparator)[subcomponent] ?? '', context), {
    segment: segment.name,
    field,
  }).trim();
  return value === '""' ? '' : value;
}

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

/** The inbound message as far as it parses: whole, else its MSH line alone, else nothing. */
function inboundMessage(inbound: string | Hl7Message | null): Hl7Message | null {
  if (inbound === null || inbound instanceof Hl7Message) return inbound;
  try {
    return parseEr7(inbound);
  } catch {
    try {
      return parseEr7(inbound.trimStart().split(/[\r\n]/)[0]!);
    } catch {
      return null;
    }
  }
}

/** ERR-2 (2.5 ERL): segment ^ sequence ^ field ^ field repetition ^ component. */
function errorLocation(location: MessageLocation, context: Hl7Context): string {
  if (location.segment === undefined) return '';
  const parts = [
    location.segment,
    String(location.segmentIndex ?? 1),
    location.field === undefined ? '' : String(location.field),
    location.field === undefined ? '' : String(location.repetition ?? 1),
    location.component === undefined ? '' : String(location.component),
  ];
  while (parts[parts.length - 1] === '') parts.pop();
  return parts.join(context.componentSeparator);
}

/** The HL7 error condition for a refusal that does not name one, from where it is. */
function errorCodeFor(location: MessageLocation): Hl7ErrorCode {
  if (location.segment === 'MSH' && location.field === 9) return 200;
  if (location.segment === 'MSH' && location.field === 12) return 203;
  if (location.segment === 'MSH' && location.field === 10) return 101;
  return location.segment === undefined ? 207 : 102;
}

/** An instant as HL7 DTM in UK time with its offset: `20260624091500+0100`. */
function hl7Now(now: Date): string {
  const { iso } = messageTime(now.getTime() - (now.getTime() % 1000));
  return iso.slice(0, 19).replace(/[-:T]/g, '') + iso.slice(19).replace(':', '');
}

export type AckError =
  { location: MessageLocation; text: string; hl7ErrorCode?: Hl7ErrorCode } | MessageError;

/**
 * An ACK (original acknowledgement mode) for an inbound message: MSH with sender and receiver
 * swapped, MSA-1 the code and MSA-2 the inbound control id; for AE or AR an ERR segment in the 2.5
 * style (ERR-2 location, ERR-3 table 0357 code, ERR-4 severity, ERR-8 the text), with the text in
 * MSA-3 too for receivers before 2.5. For text that does not parse, an ACK with what could be read.
 * A MessageError may be passed as the error: its HL7 error condition is then reported.
 */
export function hl7Ack(
  inbound: string | Hl7Message | null,
  code: 'AA' | 'AE' | 'AR',
  error?: AckError,
  /** MSA-3 for an AA: what the message did, in words. */
  acknowledgement?: string,
): string {
  const context = new Hl7Context();
  const parsed = inboundMessage(inbound);
  const message =
    parsed ??
    new Hl7Message(
      [new Hl7Segment(['MSH', context.getMsh2(), '', '', '', '', '', '', '', '', '', '2.5'], context)],
      context,
    );
  const ctx = message.context;
  const errorText =
    error === undefined ? undefined : error instanceof MessageError ? error.message : error.text;
  let errSegment: Hl7Segment | undefined;
  if (error !== undefined && code !== 'AA') {
    const condition = error.hl7ErrorCode ?? errorCodeFor(error.location);
    errSegment = new Hl7Segment(
      [
        'ERR',
        '',
        errorLocation(error.location, ctx),
        [String(condition), hl7ErrorCodes[condition], 'HL70357'].join(ctx.componentSeparator),
        'E',
        '',
        '',
        '',
        escape(errorText!, ctx),
      ],
      ctx,
    );
  }
  const ack = message.buildAck({ ackCode: code, ...(errSegment ? { errSegment } : {}) });
  // Medplum writes MSH-7 in UTC without an offset, which a UK receiver reads as UK time, and MSH-10
  // as the time in milliseconds, which two answers in the same millisecond would share.
  ack.header.setField(7, hl7Now(new Date()));
  ack.header.setField(10, randomUUID().replace(/-/g, '').slice(0, 20));
  ack.header.setField(11, escape(componentText(message.segments[0]!, 11) || 'P', ctx));
  if (componentText(ack.header, 12) === '') ack.header.setField(12, '2.5');
  const words = acknowledgement ?? (code === 'AA' ? undefined : errorText);
  if (words !== undefined) ack.getSegment('MSA')!.setField(3, escape(words, ctx));
  return ack.toString();
}
