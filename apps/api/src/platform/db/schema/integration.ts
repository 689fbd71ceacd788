import { sql } from 'drizzle-orm';
import {
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamptz } from './column-types.js';
import { trusts } from './trusts.js';

/**
 * A system allowed to send blood results and read risk assessments for one trust (decision 0047):
 * a client of the organisation's identity provider, known by the issuer that signs its tokens and
 * its client id there. People are never integration clients.
 */
export const integrationClients = pgTable(
  'integration_clients',
  {
    id: uuid('id').primaryKey(),
    /** `development`, `entra:{tenant}` or the issuer URL, as the identity module keys issuers. */
    issuer: text('issuer').notNull(),
    /** The client's id at the issuer (`client_id`, `azp` or `appid` in its tokens). */
    clientId: text('client_id').notNull(),
    trustCode: text('trust_code')
      .notNull()
      .references(() => trusts.trustCode),
    name: text('name').notNull(),
    /** 1 enabled, 0 disabled. */
    status: smallint('status').notNull().default(1),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('integration_clients_issuer_client_idx').on(t.issuer, t.clientId)],
);

/**
 * Every message an integration client sent (decision 0047): who, when, what it said it was, what it
 * changed, and the answer given, which a resend of the same content receives again without changing
 * anything. No patient data: the pathways changed are ids, the detail is the answer's words.
 */
export const integrationMessages = pgTable(
  'integration_messages',
  {
    id: uuid('id').primaryKey(),
    integrationClientId: uuid('integration_client_id')
      .notNull()
      .references(() => integrationClients.id),
    trustCode: text('trust_code').notNull(),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
    /** fhir or hl7v2. */
    format: text('format').notNull(),
    /** MSH-10, or the Bundle's identifier; as the sender gave it. */
    messageId: text('message_id').notNull(),
    contentHash: text('content_hash').notNull(),
    /** accepted or rejected. */
    outcome: text('outcome').notNull(),
    results: integer('results').notNull().default(0),
    applied: integer('applied').notNull().default(0),
    held: integer('held').notNull().default(0),
    ignored: integer('ignored').notNull().default(0),
    changedPathwayIds: uuid('changed_pathway_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** The error or the notes, in words. */
    detail: text('detail'),
    /** The HTTP status and body answered, for a resend. */
    responseStatus: integer('response_status').notNull(),
    responseType: text('response_type').notNull(),
    responseBody: text('response_body').notNull(),
  },
  (t) => [
    uniqueIndex('integration_messages_content_idx').on(t.integrationClientId, t.contentHash),
    index('integration_messages_trust_idx').on(t.trustCode, t.receivedAt.desc()),
  ],
);

/**
 * The results messages carried, each kept for 90 days (decision 0047): applied at once to the
 * patient's active pathways where newer, and again after a later list is confirmed, so a patient
 * who joins the list after the result arrived, or whose list is re-imported without it, has it.
 */
export const receivedLabResults = pgTable(
  'received_lab_results',
  {
    id: uuid('id').primaryKey(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => integrationMessages.id),
    trustCode: text('trust_code').notNull(),
    nhsNumber: text('nhs_number'),
    localPatientIdentifier: text('local_patient_identifier'),
    /**
     * The patient's date of birth as the message gave it (decision 0055): a kept result is applied to
     * a pathway only when the pathway's date of birth is the same. Null when the message had none.
     */
    birthDate: date('birth_date', { mode: 'string' }),
    /** One of the model's nine laboratory inputs. */
    lab: text('lab').notNull(),
    /** In the input's unit. */
    value: doublePrecision('value').notNull(),
    takenAt: timestamptz('taken_at').notNull(),
    /** The London day of takenAt: the day results are compared on, as the import's sample dates. */
    takenOn: date('taken_on', { mode: 'string' }).notNull(),
    /** final, amended or corrected. */
    status: text('status').notNull(),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [
    index('received_lab_results_nhs_idx').on(t.trustCode, t.nhsNumber),
    index('received_lab_results_local_idx').on(t.trustCode, t.localPatientIdentifier),
    index('received_lab_results_expiry_idx').on(t.expiresAt),
  ],
);
