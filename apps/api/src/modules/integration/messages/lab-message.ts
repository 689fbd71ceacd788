/**
 * What a lab message from a trust's systems says, read without a database: the results of the nine
 * inputs it carries for each patient, and the items it carries that were left out and why
 * (docs/integration.md "Results in: what we read"). The FHIR and HL7 v2 readers both give this.
 */
import { createHash } from 'node:crypto';
import type { LabCode } from '@esr/import-files/types';
import { outsideModelRangeNote } from './lab-codes.js';

export type { LabCode };

export interface PatientIdentifiers {
  nhsNumber: string | null;
  localIdentifier: string | null;
  /**
   * YYYY-MM-DD, HL7 PID-7 or FHIR Patient.birthDate; null when the message gives none. Compared
   * with the pathway's where the results are applied (decision 0055).
   */
  birthDate: string | null;
}

export interface IncomingLabResult {
  patient: PatientIdentifiers;
  /** One of the nine inputs. */
  lab: LabCode;
  /** In the input's unit, converted as the file import converts (unitFactor, tidy). */
  value: number;
  /** The unit as received (UCUM or the lab's text); '' when the message gave none. */
  unit: string;
  /**
   * ISO 8601 instant the sample was taken, in UK time with its offset (`2026-06-25T09:30:00+01:00`):
   * FHIR effectiveDateTime, HL7 OBX-14 or else OBR-7. A date with no time is that London day at 00:00.
   */
  takenAt: string;
  /** The London calendar day of takenAt, YYYY-MM-DD. */
  takenOn: string;
  status: 'final' | 'amended' | 'corrected';
  /** The file import's range warning: outside the range the risk model accepts. */
  outsideRange: boolean;
  /** The code the result was recognised by, as received. */
  code: { system: string; code: string; display?: string };
  /** Where in the message: 'OBX[3]' or 'Bundle.entry[2].resource'. */
  location: string;
  /**
   * Where the patient's date of birth is, or would be (PID-7 of its PID; Patient.birthDate, or the
   * Observation's subject when it names no Patient): a refusal for it names this.
   */
  birthDateAt: MessageLocation;
  /** A lab's reporting limit (`<5`, `>90`): the limit is the value, as in the file import. */
  limit: '<' | '>' | null;
  /**
   * The unit taken when the message gave none, by the file import's rule (haemoglobin under 25 is
   * g/dL, creatinine under 10 mg/dL, albumin under 10 g/dL); null when a unit was given or none was assumed.
   */
  assumedUnit: string | null;
}

/** An item left out, in words that never hold patient data (a code, a unit or a status may be named). */
export interface MessageNote {
  location: string;
  text: string;
}

export interface IncomingLabMessage {
  format: 'fhir' | 'hl7v2';
  /** MSH-10; Bundle.identifier.value, Bundle.id or Observation.id; else the content hash. */
  messageId: string;
  /** MSH-7 or Bundle.timestamp as ISO 8601 in UK time; null when absent or unreadable. */
  sentAt: string | null;
  /** MSH-3^MSH-4 (first components); null for FHIR. */
  sendingApplication: string | null;
  /** MSH-11 processing id (P production, T training, D debugging); null for FHIR. */
  processingId: string | null;
  results: IncomingLabResult[];
  notes: MessageNote[];
  /**
   * Results taken but outside the range the model was developed on, each with where it is: said in
   * the answer and the message log, as the risk summary says it (docs/integration.md).
   */
  flags: MessageNote[];
  /**
   * SHA-256 (hex) of what the message says: its format, sender, its own identifier (MSH-10,
   * Bundle.identifier, Bundle.id or Observation.id when it has one), every result (patient, test,
   * value, unit, sample time, status, code) and every item left out (its patient and why), in a
   * canonical order. The envelope is left out: MSH-7, whitespace and line ends, JSON key order,
   * entry order, fullUrls and locations. So a message sent again, byte for byte or re-serialised or
   * with a fresh send time, hashes the same; a correction of any result does not.
   */
  contentHash: string;
}

/**
 * Where a problem is. HL7: segment and its occurrence (1 for the first OBX, as ERR-2 counts), field,
 * field repetition and component, each 1-based. FHIR: a FHIRPath-like path
 * (`Bundle.entry[1].resource.valueQuantity`, entries counted from 0).
 */
export interface MessageLocation {
  segment?: string;
  segmentIndex?: number;
  field?: number;
  repetition?: number;
  component?: number;
  path?: string;
}

/** HL7 table 0357 message error condition codes, for ERR-3. */
export const hl7ErrorCodes = {
  100: 'Segment sequence error',
  101: 'Required field missing',
  102: 'Data type error',
  103: 'Table value not found',
  200: 'Unsupported message type',
  201: 'Unsupported event code',
  203: 'Unsupported version id',
  207: 'Application internal error',
} as const;
export type Hl7ErrorCode = keyof typeof hl7ErrorCodes;

/**
 * The whole message is refused: 'unreadable' when it cannot be read as a message of its kind at all,
 * 'invalid' when it can but breaks a rule. The text is for a trust's integration analyst and never
 * holds patient data.
 */
export class MessageError extends Error {
  override readonly name = 'MessageError';

  constructor(
    readonly kind: 'unreadable' | 'invalid',
    readonly location: MessageLocation,
    message: string,
    /** The HL7 error condition an acknowledgement reports (ERR-3). */
    readonly hl7ErrorCode: Hl7ErrorCode = kind === 'unreadable' ? 100 : 102,
  ) {
    super(message);
  }
}

/** JSON with object keys sorted, so that a value's text does not depend on the order it was built in. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** An item left out, with the patient it was for: the hash tells two such items apart, the note never shows the patient. */
interface LeftOut {
  patient: PatientIdentifiers | null;
  note: MessageNote;
}

/** Collects a message's results and notes as a reader goes, and makes the message at the end. */
export class MessageReading {
  readonly results: IncomingLabResult[] = [];
  private readonly leftOut: LeftOut[] = [];

  constructor(readonly format: IncomingLabMessage['format']) {}

  leave(location: string, text: string, patient: PatientIdentifiers | null = null): void {
    this.leftOut.push({ patient, note: { location, text } });
  }

  finish(envelope: {
    /** The message's own identifier, or null when it has none (the hash stands in). */
    messageId: string | null;
    sentAt: string | null;
    sendingApplication: string | null;
    processingId: string | null;
  }): IncomingLabMessage {
    const sorted = (items: unknown[]) => items.map(canonicalJson).sort();
    const contentHash = createHash('sha256')
      .update(
        canonicalJson({
          version: 1,
          format: this.format,
          messageId: envelope.messageId,
          sendingApplication: envelope.sendingApplication,
          processingId: envelope.processingId,
          results: sorted(
            this.results.map((r) => ({
              patient: r.patient,
              lab: r.lab,
              value: r.value,
              limit: r.limit,
              unit: r.unit,
              takenAt: r.takenAt,
              status: r.status,
              code: [r.code.system, r.code.code],
            })),
          ),
          leftOut: sorted(this.leftOut.map((item) => ({ patient: item.patient, text: item.note.text }))),
        }),
      )
      .digest('hex');
    return {
      format: this.format,
      messageId: envelope.messageId ?? contentHash,
      sentAt: envelope.sentAt,
      sendingApplication: envelope.sendingApplication,
      processingId: envelope.processingId,
      results: this.results,
      notes: this.leftOut.map((item) => item.note),
      flags: this.results
        .filter((result) => result.outsideRange)
        .map((result) => ({ location: result.location, text: outsideModelRangeNote(result.lab) })),
      contentHash,
    };
  }
}
