import { customType, date, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { procedures } from './procedures.js';
import { trusts } from './trusts.js';

/** Raw file bytes (uploaded models and import files), as Buffers on both drivers. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * An instant, stored with its time zone as every timestamp of the schema is. (trusts.ts spells it
 * out: this file imports that one, so it cannot import this.)
 */
export const timestamptz = <TName extends string>(name: TName) => timestamp(name, { withTimezone: true });

/**
 * A pathway's fields from the waiting list, as the pathways table and the staged rows of an import
 * both hold them: a confirm copies each staged column into the pathway's column of the same name.
 */
export const waitingListColumns = () => ({
  firstName: text('first_name'),
  lastName: text('last_name'),
  dateOfBirth: date('date_of_birth', { mode: 'string' }),
  operationType: text('operation_type').notNull(),
  /**
   * The operation as the extract writes it (an OPCS-4 code such as `W401`, or words such as "Total
   * knee replacement"), for the model's population rule (decision 0057): null when the cell was blank.
   */
  operation: text('operation'),
  referralDate: date('referral_date', { mode: 'string' }),
  tciDate: date('tci_date', { mode: 'string' }),
  surgeonName: text('surgeon_name'),
  priority: text('priority'),
  /**
   * The referral-to-treatment clock start: the extract's, or its referral date when it has none
   * (decision 0044). The wait is counted from it.
   */
  clockStart: date('clock_start', { mode: 'string' }),
  /** When the priority was set: the extract's, or the clock start when it has none (decision 0044). */
  priorityDate: date('priority_date', { mode: 'string' }),
  /** The last validation the extract records; a validation recorded here may be later. */
  lastValidatedOn: date('last_validated_on', { mode: 'string' }),
  surgery: text('surgery'),
  social: text('social'),
});

/** The trust and procedure a row belongs to, each a reference to its table. */
export const trustAndProcedure = () => ({
  trustCode: text('trust_code')
    .notNull()
    .references(() => trusts.trustCode),
  procedureCode: text('procedure_code')
    .notNull()
    .references(() => procedures.code),
});

/**
 * The columns an upload batch opens with (decisions 0023 and 0045): a waiting list's and an outcomes
 * file's uploads go through the same lifecycle, each with its own files' columns after these.
 */
export const uploadBatchColumns = () => ({
  id: uuid('id').primaryKey(),
  ...trustAndProcedure(),
  /** VALIDATING, VALIDATED, CONFIRMING, IMPORTED, CANCELLED, EXPIRED (contracts batchStatuses). */
  status: text('status').notNull(),
  createdByUserId: uuid('created_by_user_id'),
  createdBy: text('created_by').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  /** A batch nobody confirmed is discarded after this (its staged rows with it). */
  expiresAt: timestamptz('expires_at').notNull(),
});

/** Who confirmed or cancelled an upload batch, and when. */
export const batchDecisionColumns = () => ({
  decidedAt: timestamptz('decided_at'),
  decidedBy: text('decided_by'),
  decidedByUserId: uuid('decided_by_user_id'),
});
