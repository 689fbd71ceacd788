import { boolean, date, doublePrecision, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './column-types.js';
import { pathways } from './pathways.js';

/**
 * Waiting well (decision 0071): what was done about a pathway's modifiable risk factor, one dated
 * entry per step, never updated or removed. A factor with no entry is "identified" while the
 * pathway's values show it; its latest entry gives its status.
 */
export const optimisationEntries = pgTable(
  'optimisation_entries',
  {
    id: uuid('id').primaryKey(),
    pathwayId: uuid('pathway_id')
      .notNull()
      .references(() => pathways.id, { onDelete: 'cascade' }),
    trustCode: text('trust_code').notNull(),
    /** anaemia, smoking, diabetes, nutrition, kidney, blood_pressure or weight */
    factor: text('factor').notNull(),
    /** referred, in_progress, met, declined or not_possible */
    status: text('status').notNull(),
    service: text('service'),
    note: text('note'),
    reason: text('reason'),
    /**
     * A referral's finding (its reason), or the value that met the target by itself, in words
     * ("Haemoglobin 134 g/L"), and its day.
     */
    finding: text('finding'),
    findingDate: date('finding_date', { mode: 'string' }),
    /** The number the rule compared, when the finding is a result or the body mass index. */
    value: doublePrecision('value'),
    /** The model's probability before and after that value was scored. */
    riskBefore: doublePrecision('risk_before'),
    riskAfter: doublePrecision('risk_after'),
    userId: uuid('user_id'),
    recordedBy: text('recorded_by').notNull(),
    recordedAt: timestamptz('recorded_at').notNull().defaultNow(),
  },
  (t) => [index('optimisation_entries_pathway_idx').on(t.pathwayId, t.factor, t.recordedAt.desc())],
);

/**
 * Decision 0072: what a pathway's values and entries say of each factor, kept so that the
 * optimisation worklist, its counts and the prioritisation flag read rows rather than take every
 * record of a list apart. Written from the same rules as the pathway's own screen
 * (modules/optimisation/factor-states.ts) whenever its values or entries change and when the list's
 * rules or latest import differ from `optimisation_factor_lists`; what depends on the day (a blood
 * result growing too old, the due day, overdue) is worked out when it is read.
 */
export const optimisationFactors = pgTable(
  'optimisation_factors',
  {
    pathwayId: uuid('pathway_id')
      .notNull()
      .references(() => pathways.id, { onDelete: 'cascade' }),
    factor: text('factor').notNull(),
    trustCode: text('trust_code').notNull(),
    procedureCode: text('procedure_code').notNull(),
    /** The values showed the factor when the row was written. */
    found: boolean('found').notNull(),
    /** The last day the finding counts (its blood result's age limit); null: no limit. */
    foundUntil: date('found_until', { mode: 'string' }),
    finding: text('finding'),
    value: doublePrecision('value'),
    valueDate: date('value_date', { mode: 'string' }),
    /** The latest entry's status; null without entries. */
    latestStatus: text('latest_status'),
    /** Closed, and shown again by a value taken after it closed: identified while that value counts. */
    reopened: boolean('reopened').notNull(),
    /** The identification day while the finding counts, and once it no longer does. */
    identifiedOnFound: date('identified_on_found', { mode: 'string' }),
    identifiedOnOtherwise: date('identified_on_otherwise', { mode: 'string' }),
  },
  (t) => [
    primaryKey({ columns: [t.pathwayId, t.factor] }),
    index('optimisation_factors_list_idx').on(t.trustCode, t.procedureCode, t.factor),
  ],
);

/** Which rules and which import a list's factor rows were last written from (decision 0072). */
export const optimisationFactorLists = pgTable(
  'optimisation_factor_lists',
  {
    trustCode: text('trust_code').notNull(),
    procedureCode: text('procedure_code').notNull(),
    basis: text('basis').notNull(),
    refreshedAt: timestamptz('refreshed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.trustCode, t.procedureCode] })],
);
