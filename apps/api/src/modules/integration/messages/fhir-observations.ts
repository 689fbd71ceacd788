/**
 * FHIR R4 lab results as UK Core sends them (docs/integration.md "What a message may contain"): a
 * Bundle of Observations, each naming its patient (fhir-subject.ts), its test by a SNOMED CT or
 * LOINC code, its value as a UCUM quantity and its sample time as effectiveDateTime.
 */
import { parseLabResult } from '@esr/import-files/lab-values';
import { codeSystemName, codesToRead, labForCode, ucumSystem } from './lab-codes.js';
import { MessageError, MessageReading, type IncomingLabMessage, type LabCode } from './lab-message.js';
import { isInFuture, readFhirDateTime, type MessageTime } from './message-times.js';
import { localTooLongNote } from './patient-identifiers.js';
import { convertValue, quoted } from './result-values.js';
import { invalid, isObject, Patients, readSubject, text, type Json, type Found } from './fhir-subject.js';

export interface FhirReadOptions {
  /** Sample times after it (give or take a sender's clock running fast) refuse the message. */
  now: Date;
}

const acceptedBundleTypes = ['transaction', 'batch', 'collection', 'message'];
const observationStatuses = [
  'registered',
  'preliminary',
  'final',
  'amended',
  'corrected',
  'cancelled',
  'entered-in-error',
  'unknown',
];
const usedStatuses = new Set(['final', 'amended', 'corrected']);
/** The test an Observation's codes name, with the coding that named it; null when none is one of the nine. */
function readCode(
  observation: Json,
  path: string,
): { lab: LabCode; coding: IncomingCoding } | { lab: null; note: string } {
  const code = observation.code;
  if (!isObject(code)) throw invalid(`${path}.code`, `${path}: the observation has no code.`, 101);
  const codings = Array.isArray(code.coding) ? code.coding : [];
  const incoming: (IncomingCoding & { index: number })[] = [];
  for (const [index, coding] of codings.entries()) {
    if (!isObject(coding)) continue;
    const value = text(coding.code);
    if (value === null) continue;
    const display = text(coding.display);
    incoming.push({
      system: text(coding.system) ?? '',
      code: value,
      ...(display === null ? {} : { display }),
      index,
    });
  }
  let found: { lab: LabCode; coding: IncomingCoding } | null = null;
  for (const { index, ...coding } of codesToRead(incoming)) {
    const lab = labForCode(coding.system, coding.code);
    if (lab === null) continue;
    if (found !== null && found.lab !== lab) {
      throw invalid(
        `${path}.code.coding[${index}]`,
        `${path}: the observation's codes name two different tests.`,
        103,
      );
    }
    found ??= { lab, coding };
  }
  if (found !== null) return found;
  const first = incoming[0];
  if (first === undefined) return { lab: null, note: 'The observation has no coded test: ignored.' };
  return {
    lab: null,
    note: `Test ${quoted(first.code)} (${codeSystemName(first.system)}) is not one the model uses: ignored.`,
  };
}

interface IncomingCoding {
  system: string;
  code: string;
  display?: string;
}

type ValueReading =
  | {
      kind: 'number';
      value: number;
      limit: '<' | '>' | null;
      unit: string | null;
      unitPath: string;
      valuePath: string;
    }
  | { kind: 'none'; note: string };

/** A number given without a unit, in one field: a problem with either is shown at that field. */
const unitlessNumber = (value: number, limit: '<' | '>' | null, at: string): ValueReading => ({
  kind: 'number',
  value,
  limit,
  unit: null,
  unitPath: at,
  valuePath: at,
});

function readValue(observation: Json, path: string): ValueReading {
  if ('valueQuantity' in observation) {
    const quantity = observation.valueQuantity;
    if (!isObject(quantity))
      throw invalid(`${path}.valueQuantity`, `${path}: valueQuantity is not a Quantity.`);
    if (quantity.value === undefined || quantity.value === null) {
      throw invalid(`${path}.valueQuantity.value`, `${path}: valueQuantity has no value.`, 101);
    }
    if (typeof quantity.value !== 'number' || !Number.isFinite(quantity.value)) {
      throw invalid(`${path}.valueQuantity.value`, `${path}: valueQuantity.value is not a number.`);
    }
    let limit: '<' | '>' | null = null;
    if (quantity.comparator !== undefined) {
      if (quantity.comparator === '<' || quantity.comparator === '<=') limit = '<';
      else if (quantity.comparator === '>' || quantity.comparator === '>=') limit = '>';
      else {
        throw invalid(
          `${path}.valueQuantity.comparator`,
          `${path}: valueQuantity.comparator is not one of <, <=, >= or >.`,
          103,
        );
      }
    }
    // The UCUM code is the unit's meaning; the unit text is what the lab shows, read when no code is given.
    const code = text(quantity.code);
    const system = text(quantity.system);
    const unitText = text(quantity.unit);
    const byText = unitText !== null && (code === null || (system !== null && system !== ucumSystem));
    return {
      kind: 'number',
      value: quantity.value,
      limit,
      unit: byText ? unitText : code,
      unitPath: `${path}.valueQuantity.${byText ? 'unit' : 'code'}`,
      valuePath: `${path}.valueQuantity.value`,
    };
  }
  if (typeof observation.valueInteger === 'number')
    return unitlessNumber(observation.valueInteger, null, `${path}.valueInteger`);
  if (typeof observation.valueString === 'string') {
    // As a file's result cell is read: `<5` is a limit, `150 H` a number, words are a comment.
    const parsed = parseLabResult(observation.valueString.trim());
    if (parsed.kind === 'comment')
      return { kind: 'none', note: 'The result is text, not a number: ignored.' };
    return unitlessNumber(parsed.value, parsed.limit, `${path}.valueString`);
  }
  const other = Object.keys(observation).find((key) => key.startsWith('value'));
  if (other !== undefined)
    return { kind: 'none', note: `The result is a ${other.slice(5)}, not a quantity: ignored.` };
  return {
    kind: 'none',
    note:
      observation.dataAbsentReason !== undefined
        ? 'The result has no value (a dataAbsentReason is given): ignored.'
        : 'The result has no value: ignored.',
  };
}

const timeProblems = {
  format: 'is not a FHIR dateTime (YYYY-MM-DD, or YYYY-MM-DDThh:mm:ss with an offset such as Z or +01:00)',
  noDay: 'gives no day',
  notReal: 'is not a real date and time',
  tooEarly: 'is before 1900, so it cannot be a sample time',
} as const;

/** When the sample was taken: effectiveDateTime, effectivePeriod.start or effectiveInstant. */
function readSampleTime(observation: Json, path: string, now: Date): MessageTime {
  let raw: unknown;
  let at: string;
  if (observation.effectiveDateTime !== undefined) {
    raw = observation.effectiveDateTime;
    at = `${path}.effectiveDateTime`;
  } else if (isObject(observation.effectivePeriod) && observation.effectivePeriod.start !== undefined) {
    raw = observation.effectivePeriod.start;
    at = `${path}.effectivePeriod.start`;
  } else if (observation.effectiveInstant !== undefined) {
    raw = observation.effectiveInstant;
    at = `${path}.effectiveInstant`;
  } else {
    // `issued` is when the report was released, often days after the sample: the latest-result rule
    // would then rank results by when they were reported, so it never stands in.
    throw invalid(
      `${path}.effective[x]`,
      `${path}: the observation has no sample time; give effectiveDateTime (the time it was issued is not used in its place).`,
      101,
    );
  }
  const reading =
    typeof raw === 'string' ? readFhirDateTime(raw.trim()) : ({ ok: false, problem: 'format' } as const);
  if (!reading.ok) throw invalid(at, `${at} ${timeProblems[reading.problem]}.`);
  if (isInFuture(reading.time, now)) throw invalid(at, `${at} is in the future.`);
  return reading.time;
}

function readObservation(
  observation: Json,
  path: string,
  patients: Patients,
  reading: MessageReading,
  now: Date,
): void {
  const status = observation.status;
  if (typeof status !== 'string')
    throw invalid(`${path}.status`, `${path}: the observation has no status.`, 101);
  if (!observationStatuses.includes(status)) {
    throw invalid(`${path}.status`, `${path}: status ${quoted(status)} is not an Observation status.`, 103);
  }
  const { patient, localTooLong, birthDateAt } = readSubject(observation, path, patients, now);
  if (localTooLong) reading.leave(path, localTooLongNote, patient);
  const code = readCode(observation, path);
  if (code.lab === null) {
    reading.leave(path, code.note, patient);
    return;
  }
  if (!usedStatuses.has(status)) {
    reading.leave(path, `Status ${status} is not final, amended or corrected: ignored.`, patient);
    return;
  }
  const value = readValue(observation, path);
  if (value.kind === 'none') {
    reading.leave(path, value.note, patient);
    return;
  }
  const converted = convertValue(
    code.lab,
    value.value,
    value.unit,
    path,
    { path: value.unitPath },
    { path: value.valuePath },
  );
  const time = readSampleTime(observation, path, now);
  reading.results.push({
    patient,
    lab: code.lab,
    value: converted.value,
    unit: converted.unit,
    takenAt: time.iso,
    takenOn: time.day,
    status: status as 'final' | 'amended' | 'corrected',
    outsideRange: converted.outsideRange,
    code: code.coding,
    location: path,
    birthDateAt,
    limit: value.limit,
    assumedUnit: converted.assumedUnit,
  });
}

const notJson = () =>
  new MessageError('unreadable', {}, 'The message is not a FHIR resource: a JSON object was expected.', 100);

const resourceNamed = (resource: Json) =>
  typeof resource.resourceType === 'string' ? `a ${quoted(resource.resourceType)}` : 'not named';

function sentAtOf(timestamp: unknown): string | null {
  if (typeof timestamp !== 'string') return null;
  const reading = readFhirDateTime(timestamp.trim());
  return reading.ok ? reading.time.iso : null;
}

/** A FHIR R4 Bundle (transaction, batch, collection or message) of lab Observations. */
export function readFhirBundle(
  json: unknown,
  options: FhirReadOptions = { now: new Date() },
): IncomingLabMessage {
  if (!isObject(json)) throw notJson();
  if (json.resourceType !== 'Bundle') {
    throw invalid('Bundle.resourceType', `The resource is ${resourceNamed(json)}, not a Bundle.`, 200);
  }
  if (typeof json.type !== 'string' || !acceptedBundleTypes.includes(json.type)) {
    throw invalid(
      'Bundle.type',
      `The Bundle's type is ${typeof json.type === 'string' ? quoted(json.type) : 'missing'}; we read transaction, batch, collection and message Bundles.`,
      200,
    );
  }
  if (json.entry !== undefined && !Array.isArray(json.entry)) {
    throw invalid('Bundle.entry', 'Bundle.entry is not a list.');
  }
  const entries: unknown[] = (json.entry as unknown[] | undefined) ?? [];
  const patients = new Patients();
  const observations: Found[] = [];
  const reading = new MessageReading('fhir');
  entries.forEach((entry, i) => {
    const path = `Bundle.entry[${i}]`;
    if (!isObject(entry)) throw invalid(path, `${path} is not an entry.`);
    if (entry.resource === undefined) {
      reading.leave(path, 'The entry has no resource: ignored.');
      return;
    }
    if (!isObject(entry.resource)) throw invalid(`${path}.resource`, `${path}.resource is not a resource.`);
    const resource = entry.resource;
    patients.add(text(entry.fullUrl), resource, `${path}.resource`);
    // Patient, DiagnosticReport, MessageHeader, Specimen and the rest carry no result of their own.
    if (resource.resourceType === 'Observation') observations.push({ resource, path: `${path}.resource` });
  });
  for (const { resource, path } of observations)
    readObservation(resource, path, patients, reading, options.now);
  const identifier = isObject(json.identifier) ? text(json.identifier.value) : null;
  return reading.finish({
    messageId: identifier ?? text(json.id),
    sentAt: sentAtOf(json.timestamp),
    sendingApplication: null,
    processingId: null,
  });
}

/** A single FHIR R4 lab Observation; its patient is named by subject.identifier or a contained Patient. */
export function readFhirObservation(
  json: unknown,
  options: FhirReadOptions = { now: new Date() },
): IncomingLabMessage {
  if (!isObject(json)) throw notJson();
  if (json.resourceType !== 'Observation') {
    throw invalid(
      'Observation.resourceType',
      `The resource is ${resourceNamed(json)}, not an Observation.`,
      200,
    );
  }
  const reading = new MessageReading('fhir');
  readObservation(json, 'Observation', new Patients(), reading, options.now);
  return reading.finish({
    messageId: text(json.id),
    sentAt: null,
    sendingApplication: null,
    processingId: null,
  });
}

/** A Bundle or a single Observation, by its resourceType. */
export function readFhirResource(
  json: unknown,
  options: FhirReadOptions = { now: new Date() },
): IncomingLabMessage {
  if (isObject(json) && json.resourceType === 'Observation') return readFhirObservation(json, options);
  return readFhirBundle(json, options);
}
