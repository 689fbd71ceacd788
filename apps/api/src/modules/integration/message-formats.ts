/**
 * How each kind of message is read and answered (decision 0047): FHIR with an OperationOutcome, HL7
 * v2 with an ACK. The answer says what the message did in words a trust's integration analyst reads,
 * and never repeats a patient's identifiers or values.
 */
import { operationOutcome } from './fhir/risk-assessment.js';
import type { MessageAnswer, MessageReceipt } from './lab-messages.js';
import { readFhirBundle, readFhirObservation } from './messages/fhir-observations.js';
import { readOruR01 } from './messages/hl7v2-oru.js';
import { hl7Ack } from './messages/hl7-ack.js';
import {
  MessageError,
  type IncomingLabMessage,
  type IncomingLabResult,
  type MessageLocation,
} from './messages/lab-message.js';

const fhirJson = 'application/fhir+json; charset=utf-8';
const hl7Type = 'application/hl7-v2; charset=utf-8';

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

/** What an accepted message did, in one sentence; `flagged` results are outside the model's range. */
export function receiptInWords(receipt: MessageReceipt, flagged = 0): string {
  const parts = [
    `${plural(receipt.results, 'result')} received`,
    `${plural(receipt.applied, 'result')} for patients on the waiting list (${plural(receipt.changedPathways, 'pathway')} updated and scored again)`,
    `${plural(receipt.held, 'result')} kept for 90 days for patients not on a list`,
  ];
  if (receipt.ignored > 0) parts.push(`${plural(receipt.ignored, 'item')} ignored`);
  if (flagged > 0)
    parts.push(
      `${plural(flagged, 'result')} outside the range the model was developed on (applied, and named on the risk summary)`,
    );
  return `${parts.join('; ')}.`;
}

const locationText = (location: MessageLocation) =>
  location.path ??
  [location.segment, location.segmentIndex, location.field, location.repetition, location.component]
    .filter((part) => part !== undefined)
    .join('-');

/** A refusal as recorded: its words, led by where it is unless they already say so. */
const detailOf = (refusal: MessageError, where: string) =>
  !where || refusal.message.startsWith(refusal.location.segment ?? refusal.location.path ?? where)
    ? refusal.message
    : `${where}: ${refusal.message}`;

/** A message refused by its reader, or an error the reader did not expect (answered as unreadable). */
const asMessageError = (error: unknown): MessageError =>
  error instanceof MessageError ? error : new MessageError('unreadable', {}, 'The message could not be read');

/** A message as the route or listener received it, to be read on a sandbox thread. */
export type MessageToRead =
  | { format: 'fhir'; kind: 'Bundle' | 'Observation'; text: string; now: number }
  | { format: 'hl7v2'; text: string; now: number };

/** A refused message: its answer, the id it gave itself, and what the message log records. */
export interface Refusal {
  answer: MessageAnswer;
  messageId: string;
  detail: string;
}

export type MessageReadOutcome = { message: IncomingLabMessage } | { refusal: Refusal };

/**
 * Reads a message at once: on the sandbox thread (read-message.worker.ts), never on the server's
 * main thread, as a message's size and content are its sender's to choose.
 */
export function readMessageNow(input: MessageToRead): MessageReadOutcome {
  const now = new Date(input.now);
  if (input.format === 'hl7v2') {
    try {
      return { message: readOruR01(input.text, { now }) };
    } catch (error) {
      const refusal = asMessageError(error);
      const code = refusal.kind === 'unreadable' ? 'AR' : 'AE';
      return {
        refusal: {
          answer: { status: hl7StatusOf[code], type: hl7Type, body: hl7Ack(input.text, code, refusal) },
          messageId: controlIdOf(input.text),
          detail: detailOf(refusal, locationText(refusal.location)),
        },
      };
    }
  }
  const body: unknown = JSON.parse(input.text);
  try {
    return {
      message: input.kind === 'Bundle' ? readFhirBundle(body, { now }) : readFhirObservation(body, { now }),
    };
  } catch (error) {
    return { refusal: fhirRefusal(asMessageError(error), bundleId(body)) };
  }
}

function fhirRefusal(refusal: MessageError, messageId: string): Refusal {
  const status = refusal.kind === 'unreadable' ? 400 : 422;
  return {
    answer: {
      status,
      type: fhirJson,
      body: JSON.stringify(
        operationOutcome([
          {
            severity: 'error',
            code: refusal.kind === 'unreadable' ? 'structure' : 'invalid',
            diagnostics: refusal.message,
            ...(refusal.location.path ? { expression: [refusal.location.path] } : {}),
          },
        ]),
      ),
    },
    messageId,
    detail: detailOf(refusal, locationText(refusal.location)),
  };
}

/** Why a message's thread gave no reading: it ran out of time, failed, or too many were waiting. */
export type UnreadReason = 'timeout' | 'failed' | 'busy';

export const unreadMessages: Record<UnreadReason, string> = {
  timeout:
    'The message could not be read in time: it is refused. Check it, or send its results in smaller messages.',
  failed: 'The message could not be read: it is refused. Check it, or send its results in smaller messages.',
  busy: 'Too many messages are waiting to be read: send this one again in a minute.',
};

/**
 * The answer to a message its thread could not read, built from what can be found without reading
 * it (the MSH line; the Bundle's id, which the route read from the parsed body). Too long or busy is
 * the sender's to change: AR or 422 for a message read too slowly or that broke its thread, and a
 * 503 (AR) to send again later when too many messages wait.
 */
export function unreadRefusal(input: MessageToRead, reason: UnreadReason, envelopeId = ''): Refusal {
  const words = unreadMessages[reason];
  if (input.format === 'hl7v2') {
    const status = reason === 'busy' ? 503 : 400;
    return {
      answer: {
        status,
        type: hl7Type,
        body: hl7Ack(mshLineOf(input.text), 'AR', { location: {}, text: words, hl7ErrorCode: 207 }),
      },
      messageId: controlIdOf(input.text),
      detail: words,
    };
  }
  if (reason === 'busy')
    return {
      answer: {
        status: 503,
        type: fhirJson,
        body: JSON.stringify(
          operationOutcome([{ severity: 'error', code: 'transient', diagnostics: words }]),
        ),
      },
      messageId: envelopeId,
      detail: words,
    };
  return fhirRefusal(new MessageError('invalid', {}, words), envelopeId);
}

/** What an accepted message's sender is told: an OperationOutcome, or an AA built from its MSH line. */
export function acceptedAnswer(
  input: MessageToRead,
  message: IncomingLabMessage,
  receipt: MessageReceipt,
): MessageAnswer {
  if (input.format === 'hl7v2')
    return {
      status: 200,
      type: hl7Type,
      body: hl7Ack(mshLineOf(input.text), 'AA', undefined, receiptInWords(receipt, message.flags.length)),
    };
  return {
    status: 200,
    type: fhirJson,
    body: JSON.stringify(
      operationOutcome([
        {
          severity: 'information',
          code: 'informational',
          diagnostics: receiptInWords(receipt, message.flags.length),
        },
        ...[...message.flags, ...message.notes].map((note) => ({
          severity: 'warning' as const,
          code: 'informational',
          diagnostics: note.text,
          expression: [note.location],
        })),
      ]),
    ),
  };
}

/**
 * A message refused where its results meet the pathways (decision 0055): a result whose patient has
 * no date of birth (while the trust's setting says its systems send one), or one born on another day
 * than the patient of the list its NHS number names. HL7 AE naming PID-7, FHIR 422 naming
 * Patient.birthDate (or the subject, when the message has no Patient). Nothing was kept or applied.
 * The words never give either date: the sender's analyst finds the patient by the message.
 */
export function birthDateRefusalAnswer(
  input: MessageToRead,
  message: IncomingLabMessage,
  result: IncomingLabResult,
  problem: 'missing' | 'mismatch',
): Refusal {
  const at = result.birthDateAt;
  const where = input.format === 'hl7v2' ? `PID[${at.segmentIndex ?? 1}]` : (at.path ?? result.location);
  const element = input.format === 'hl7v2' ? 'PID-7' : 'Patient.birthDate';
  const words =
    problem === 'missing'
      ? `${where}: the patient has no date of birth (${element}). Results are matched to the waiting list by NHS number and date of birth, so the message is refused and nothing was applied: send the date of birth, or ask the trust's admin to record that this system never sends one.`
      : `${where}: the date of birth (${element}) is not that of the patient on the waiting list with this NHS number: the results may be another patient's. The message is refused and nothing was applied: check the patient's identifiers in the sending system.`;
  const messageId = message.messageId;
  if (input.format === 'hl7v2') {
    return {
      answer: {
        status: hl7StatusOf.AE,
        type: hl7Type,
        body: hl7Ack(mshLineOf(input.text), 'AE', {
          location: at,
          text: words,
          hl7ErrorCode: problem === 'missing' ? 101 : 102,
        }),
      },
      messageId,
      detail: words,
    };
  }
  return {
    answer: {
      status: 422,
      type: fhirJson,
      body: JSON.stringify(
        operationOutcome([
          {
            severity: 'error',
            code: problem === 'missing' ? 'required' : 'invalid',
            diagnostics: words,
            expression: [at.path ?? result.location],
          },
        ]),
      ),
    },
    messageId,
    detail: words,
  };
}

/** A FHIR message's own id: Bundle.identifier.value, else its id. */
export const bundleId = (body: unknown): string => {
  const value = (body as { identifier?: { value?: unknown }; id?: unknown } | null) ?? {};
  const id = value.identifier?.value ?? value.id;
  return typeof id === 'string' ? id.slice(0, 200) : '';
};

const hl7StatusOf = { AA: 200, AE: 422, AR: 400 } as const;

/** The text up to its first line end, at most 64 KiB: the MSH segment of a message, found in linear time. */
export function mshLineOf(text: string): string {
  const start = text.length - text.trimStart().length;
  const limit = Math.min(text.length, start + 65_536);
  let end = start;
  while (end < limit) {
    const c = text.charCodeAt(end);
    if (c === 13 || c === 10) break;
    end++;
  }
  return text.slice(start, end);
}

/** MSH-10 as far as it can be found in text that may not parse, as written (still escaped). */
function controlIdOf(text: string): string {
  const line = mshLineOf(text);
  if (!line.startsWith('MSH') || line.length < 4) return '';
  return (line.split(line.charAt(3))[9] ?? '').slice(0, 200);
}

/** An HTTP error on the HL7 endpoint (no token, wrong client, too large) as an AR ACK. */
export function hl7Answer(status: number, words: string): MessageAnswer {
  return { status, type: hl7Type, body: hl7Ack(null, 'AR', { location: {}, text: words }) };
}
