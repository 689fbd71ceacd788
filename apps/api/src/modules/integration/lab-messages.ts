/**
 * One message of blood results from an integration client (decision 0047), whichever way it came
 * (FHIR over HTTP, HL7 v2 over HTTP or MLLP): read it, keep its results, apply them, record it, and
 * answer. A message with the same content from the same client is answered as the first time and
 * changes nothing. The record keeps who sent it, when, its counts and the pathways it changed;
 * never a patient's identifiers or values (those live only in the kept results, for 90 days).
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LabField } from '@esr/contracts/remodel';
import { queryRows, type Db } from '../../platform/db/client.js';
import { timeOrderedUuid } from '../../platform/db/time-ordered-ids.js';
import type { Principal } from '../identity/index.js';
import { acceptedAnswer, birthDateRefusalAnswer, type MessageToRead } from './message-formats.js';
import { readMessage } from './message-reader.js';
import { applyResults, birthDateRefusal, keepResults, type KeptResult } from '../lab-results/index.js';

/** What a message changed, for its answer. */
export interface MessageReceipt {
  results: number;
  /** Results that met a pathway on the list. */
  applied: number;
  /** Results kept for a patient not on a list. */
  held: number;
  /** Items the message carried that the product does not use, each with why. */
  ignored: number;
  changedPathways: number;
}

/** An answer as sent: status, media type and body. */
export interface MessageAnswer {
  status: number;
  type: string;
  body: string;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

interface StoredAnswer extends Record<string, unknown> {
  response_status: number;
  response_type: string;
  response_body: string;
}

export interface ReceiveOptions {
  /** How long the message may take to be read on its thread. */
  readTimeoutMs: number;
  /** The message's own id as the route found it (a FHIR Bundle's), for a refusal made without reading it. */
  envelopeId?: string;
  now?: () => Date;
}

/**
 * Receives one message as `caller`: read on its sandbox thread, then, in one transaction, recorded,
 * kept and applied. The message's row is claimed first: a second copy arriving while the first is
 * applied waits for it, then finds it and answers as it did.
 */
export async function receiveLabMessage(
  db: Db,
  caller: Principal,
  input: MessageToRead,
  options: ReceiveOptions,
): Promise<MessageAnswer> {
  const now = options.now ?? (() => new Date());
  const read = await readMessage(input, options.readTimeoutMs, options.envelopeId);
  const message = 'message' in read.outcome ? read.outcome.message : null;
  const refusal = 'refusal' in read.outcome ? read.outcome.refusal : null;
  // A message refused only because too many were waiting is recorded apart from its content, so
  // that the same message sent again is read, not answered from this record.
  const contentHash =
    message?.contentHash ?? `${sha256(input.text)}${read.transient ? `:${timeOrderedUuid()}` : ''}`;
  const clientId = caller.integrationClientId!;
  return db.transaction(async (tx) => {
    const id = timeOrderedUuid();
    const claimed = await queryRows<{ id: string }>(
      tx,
      sql`insert into integration_messages (id, integration_client_id, trust_code, format, message_id,
          content_hash, outcome, response_status, response_type, response_body)
        values (${id}, ${clientId}, ${caller.trustCode}, ${input.format},
          ${(message?.messageId ?? refusal?.messageId ?? '').slice(0, 200)}, ${contentHash},
          ${message ? 'accepted' : 'rejected'}, 0, '', '')
        on conflict (integration_client_id, content_hash) do nothing
        returning id`,
    );
    if (claimed.length === 0) {
      const [stored] = await queryRows<StoredAnswer>(
        tx,
        sql`select response_status, response_type, response_body from integration_messages
            where integration_client_id = ${clientId} and content_hash = ${contentHash}`,
      );
      return { status: stored!.response_status, type: stored!.response_type, body: stored!.response_body };
    }

    let answer: MessageAnswer;
    let detail: string;
    let accepted = message !== null;
    // A refusal for the date of birth depends on the list and the trust's setting, not the content
    // alone: the same message sent again, once either has changed, is read again.
    let answerStandsForContent = true;
    let counts = { results: 0, applied: 0, held: 0, ignored: 0, changed: [] as string[] };
    if (message) {
      const kept: KeptResult[] = message.results.map((result) => ({
        nhsNumber: result.patient.nhsNumber,
        localPatientIdentifier: result.patient.localIdentifier,
        lab: result.lab as LabField,
        value: result.value,
        takenAt: result.takenAt,
        takenOn: result.takenOn,
        status: result.status,
        birthDate: result.patient.birthDate,
      }));
      // Decision 0055: a result for a patient born on another day than the pathway its NHS number
      // names, or with no date of birth at all, refuses the message before anything is kept.
      const refused = await birthDateRefusal(tx, caller.trustCode, kept);
      if (refused) {
        const refusal = birthDateRefusalAnswer(
          input,
          message,
          message.results[refused.result]!,
          refused.problem,
        );
        answer = refusal.answer;
        detail = refusal.detail;
        accepted = false;
        answerStandsForContent = false;
      } else {
        await keepResults(tx, caller.trustCode, id, kept);
        const applied = await applyResults(tx, caller, caller.trustCode, kept, now());
        counts = {
          results: kept.length,
          applied: applied.applied,
          held: applied.held,
          ignored: message.notes.length,
          changed: applied.changedPathwayIds,
        };
        answer = acceptedAnswer(input, message, { ...counts, changedPathways: counts.changed.length });
        detail = [...message.flags, ...message.notes]
          .map((note) => `${note.location}: ${note.text}`)
          .join('\n');
      }
    } else {
      answer = refusal!.answer;
      detail = refusal!.detail;
    }
    // The row claimed above, completed in one statement with what the message did and the answer.
    await tx.execute(sql`update integration_messages set outcome = ${accepted ? 'accepted' : 'rejected'},
        results = ${counts.results},
        applied = ${counts.applied}, held = ${counts.held}, ignored = ${counts.ignored},
        changed_pathway_ids = ${`{${counts.changed.join(',')}}`}::uuid[], detail = ${detail || null},
        response_status = ${answer.status}, response_type = ${answer.type}, response_body = ${answer.body},
        content_hash = ${answerStandsForContent ? contentHash : `${contentHash}:${id}`}
      where id = ${id}`);
    return answer;
  });
}
