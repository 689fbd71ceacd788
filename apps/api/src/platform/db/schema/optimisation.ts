import { date, doublePrecision, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
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
