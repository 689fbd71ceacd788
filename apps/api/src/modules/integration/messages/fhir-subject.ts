/**
 * The patient a FHIR R4 Observation names (docs/integration.md "What a message may contain"): by
 * NHS number in subject.identifier, or by a reference to a Patient in the Bundle or contained in the
 * Observation.
 */
import {
  MessageError,
  type Hl7ErrorCode,
  type MessageLocation,
  type PatientIdentifiers,
} from './lab-message.js';
import { todayInLondon } from '@esr/contracts/london-dates';
import { localIdentifierFits, readBirthDate, readNhsNumber } from './patient-identifiers.js';

/** UK Core's NHS number identifier system, and the one DSTU2 profiles used. */
export const nhsNumberSystems = ['https://fhir.nhs.uk/Id/nhs-number', 'http://fhir.nhs.net/Id/nhs-number'];
export type Json = Record<string, unknown>;
export const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
export const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim().length > 0 ? value.trim() : null;

export const invalid = (path: string, message: string, code: Hl7ErrorCode = 102) =>
  new MessageError('invalid', { path }, message, code);
export interface Found {
  resource: Json;
  path: string;
}

/** The Patients an Observation may refer to: the Bundle's, by fullUrl or Patient/id. */
export class Patients {
  private readonly byUrl = new Map<string, Found>();
  private readonly byId = new Map<string, Found>();

  add(fullUrl: string | null, resource: Json, path: string): void {
    if (fullUrl !== null) this.byUrl.set(fullUrl, { resource, path });
    const id = text(resource.id);
    if (resource.resourceType === 'Patient' && id !== null) this.byId.set(id, { resource, path });
  }

  /** The resource a subject.reference names, in the Observation's contained list or the Bundle. */
  find(reference: string, observation: Json, observationPath: string): Found | null {
    if (reference.startsWith('#')) {
      const contained = Array.isArray(observation.contained) ? observation.contained : [];
      const index = contained.findIndex((r) => isObject(r) && r.id === reference.slice(1));
      return index < 0
        ? null
        : { resource: contained[index] as Json, path: `${observationPath}.contained[${index}]` };
    }
    const exact = this.byUrl.get(reference);
    if (exact) return exact;
    // A relative or absolute RESTful reference: Patient/123 or https://server/fhir/Patient/123.
    const restful = /(?:^|\/)Patient\/([A-Za-z0-9\-.]{1,64})(?:\/_history\/[^/]+)?$/.exec(reference);
    return restful ? (this.byId.get(restful[1]!) ?? null) : null;
  }
}

interface IdentifierCandidate {
  system: string | null;
  value: string;
  path: string;
  medicalRecord: boolean;
}

function identifierCandidate(identifier: unknown, path: string): IdentifierCandidate | null {
  if (!isObject(identifier) || identifier.use === 'old') return null;
  const value = text(identifier.value);
  if (value === null) return null;
  const codings =
    isObject(identifier.type) && Array.isArray(identifier.type.coding) ? identifier.type.coding : [];
  return {
    system: text(identifier.system),
    value,
    path,
    medicalRecord: codings.some((c) => isObject(c) && c.code === 'MR'),
  };
}

interface Subject {
  patient: PatientIdentifiers;
  localTooLong: boolean;
  birthDateAt: MessageLocation;
}

/** Who an Observation is about: its NHS number (checked) and a local identifier, else the message is refused. */
export function readSubject(observation: Json, path: string, patients: Patients, now: Date): Subject {
  const subject = observation.subject;
  if (!isObject(subject)) {
    throw invalid(
      `${path}.subject`,
      `${path}: the observation has no subject; give subject.identifier with the patient's NHS number, or a reference to a Patient in the message.`,
      101,
    );
  }
  const candidates: IdentifierCandidate[] = [];
  const own = identifierCandidate(subject.identifier, `${path}.subject.identifier`);
  if (own) candidates.push(own);
  const reference = text(subject.reference);
  // The Patient's birthDate (decision 0055): only a Patient in the message gives one.
  let birthDate: string | null = null;
  let birthDateAt: MessageLocation = { path: `${path}.subject` };
  if (reference !== null) {
    const found = patients.find(reference, observation, path);
    if (found === null && own === null) {
      throw invalid(
        `${path}.subject.reference`,
        `${path}: the subject refers to a Patient that is not in the message; include the Patient, or give subject.identifier with the NHS number.`,
        101,
      );
    }
    if (found !== null) {
      if (found.resource.resourceType !== 'Patient') {
        throw invalid(`${path}.subject.reference`, `${path}: the subject is not a Patient.`, 103);
      }
      birthDateAt = { path: `${found.path}.birthDate` };
      const raw = found.resource.birthDate;
      if (raw !== undefined) {
        const read =
          typeof raw === 'string'
            ? readBirthDate(raw, 'fhir', todayInLondon(now))
            : ({ ok: false, problem: 'is not a date (YYYY-MM-DD)' } as const);
        if (!read.ok) {
          throw invalid(
            `${found.path}.birthDate`,
            `${found.path}.birthDate ${read.problem}; check it against the patient's record.`,
          );
        }
        birthDate = read.value;
      }
      const identifiers = Array.isArray(found.resource.identifier) ? found.resource.identifier : [];
      identifiers.forEach((identifier, i) => {
        const candidate = identifierCandidate(identifier, `${found.path}.identifier[${i}]`);
        if (candidate) candidates.push(candidate);
      });
    }
  }
  let nhsNumber: string | null = null;
  for (const candidate of candidates) {
    if (candidate.system === null || !nhsNumberSystems.includes(candidate.system)) continue;
    const read = readNhsNumber(candidate.value);
    if (!read.ok) {
      throw invalid(
        `${candidate.path}.value`,
        `${candidate.path}: the NHS number ${read.problem}; check it against the patient's record.`,
      );
    }
    if (nhsNumber !== null && nhsNumber !== read.value) {
      throw invalid(`${path}.subject`, `${path}: the subject is given two different NHS numbers.`);
    }
    nhsNumber = read.value;
  }
  const locals = candidates.filter((c) => c.system === null || !nhsNumberSystems.includes(c.system));
  const local = locals.find((c) => c.medicalRecord) ?? locals[0] ?? null;
  const localTooLong = local !== null && !localIdentifierFits(local.value);
  const localIdentifier = local !== null && !localTooLong ? local.value : null;
  if (nhsNumber === null && localIdentifier === null) {
    throw invalid(
      `${path}.subject`,
      `${path}: the observation's patient has no usable identifier; give the NHS number (system ${nhsNumberSystems[0]}) or a local identifier of at most 30 characters.`,
      101,
    );
  }
  return { patient: { nhsNumber, localIdentifier, birthDate }, localTooLong, birthDateAt };
}
