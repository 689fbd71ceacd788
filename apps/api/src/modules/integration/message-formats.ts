/**
 * How each kind of message is read and answered (decision 0047): FHIR with an OperationOutcome, HL7
 * v2 with an ACK. The answer says what the message did in words a trust's integration analyst reads,
 * and never repeats a patient's identifiers or values.
 */
import { operationOutcome } from './fhir/risk-assessment.js';
import type { MessageAnswer, MessageFormat, MessageReceipt } from './lab-messages.js';
import { readFhirBundle, readFhirObservation } from './messages/fhir-observations.js';
import { hl7Ack, readOruR01 } from './messages/hl7v2-oru.js';
import { MessageError, type IncomingLabMessage, type MessageLocation } from './messages/lab-message.js';

const fhirJson = 'application/fhir+json; charset=utf-8';
const hl7Type = 'application/hl7-v2; charset=utf-8';

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

/** What an accepted message did, in one sentence. */
export function receiptInWords(receipt: MessageReceipt): string {
  const parts = [
    `${plural(receipt.results, 'result')} received`,
    `${plural(receipt.applied, 'result')} for patients on the waiting list (${plural(receipt.changedPathways, 'pathway')} updated and scored again)`,
    `${plural(receipt.held, 'result')} kept for 90 days for patients not on a list`,
  ];
  if (receipt.ignored > 0) parts.push(`${plural(receipt.ignored, 'item')} ignored`);
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

export function fhirFormat(body: unknown, kind: 'Bundle' | 'Observation', now = new Date()): MessageFormat {
  return {
    format: 'fhir',
    read: () => (kind === 'Bundle' ? readFhirBundle(body, { now }) : readFhirObservation(body, { now })),
    refused(error) {
      const refusal = asMessageError(error);
      const status = refusal.kind === 'unreadable' ? 400 : 422;
      const where = locationText(refusal.location);
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
        messageId: bundleId(body),
        detail: detailOf(refusal, where),
      };
    },
    accepted(message: IncomingLabMessage, receipt: MessageReceipt): MessageAnswer {
      return {
        status: 200,
        type: fhirJson,
        body: JSON.stringify(
          operationOutcome([
            { severity: 'information', code: 'informational', diagnostics: receiptInWords(receipt) },
            ...message.notes.map((note) => ({
              severity: 'warning' as const,
              code: 'informational',
              diagnostics: note.text,
              expression: [note.location],
            })),
          ]),
        ),
      };
    },
  };
}

const bundleId = (body: unknown): string => {
  const value = (body as { identifier?: { value?: unknown }; id?: unknown } | null) ?? {};
  const id = value.identifier?.value ?? value.id;
  return typeof id === 'string' ? id : '';
};

const hl7StatusOf = { AA: 200, AE: 422, AR: 400 } as const;

export function hl7Format(text: string, now = new Date()): MessageFormat {
  return {
    format: 'hl7v2',
    read: () => readOruR01(text, { now }),
    refused(error) {
      const refusal = asMessageError(error);
      const code = refusal.kind === 'unreadable' ? 'AR' : 'AE';
      const where = locationText(refusal.location);
      return {
        answer: {
          status: hl7StatusOf[code],
          type: hl7Type,
          body: hl7Ack(text, code, refusal),
        },
        messageId: controlIdOf(text),
        detail: detailOf(refusal, where),
      };
    },
    accepted(_message, receipt) {
      return { status: 200, type: hl7Type, body: hl7Ack(text, 'AA', undefined, receiptInWords(receipt)) };
    },
  };
}

/** MSH-10 as far as it can be found in text that may not parse. */
function controlIdOf(text: string): string {
  const msh = /^MSH(.)/.exec(text.trimStart());
  if (!msh) return '';
  const fields = text
    .trimStart()
    .split(/\r\n|\r|\n/)[0]!
    .split(msh[1]!);
  return (fields[9] ?? '').slice(0, 200);
}

/** An HTTP error on the HL7 endpoint (no token, wrong client, too large) as an AR ACK. */
export function hl7Answer(status: number, words: string): MessageAnswer {
  return { status, type: hl7Type, body: hl7Ack(null, 'AR', { location: {}, text: words }) };
}
