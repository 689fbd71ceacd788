import {
  pgTable,
  text,
  smallint,
  timestamp,
  index,
  uniqueIndex,
  integer,
  boolean,
  jsonb,
} from 'drizzle-orm/pg-core';

/** docs/requirements.md §3 Trust. Status 1 active, 0 disabled (docs/requirements.md §9). */
export const trusts = pgTable(
  'trusts',
  {
    trustCode: text('trust_code').primaryKey(),
    trustName: text('trust_name').notNull(),
    trustRoleDescription: text('trust_role_description').notNull().default(''),
    region: text('region').notNull().default(''),
    regionCode: text('region_code').notNull().default(''),
    country: text('country').notNull().default(''),
    status: smallint('status').notNull().default(1),
    trustTenantId: text('trust_tenant_id'),
    primaryContactFirstName: text('primary_contact_first_name').notNull().default(''),
    primaryContactLastName: text('primary_contact_last_name').notNull().default(''),
    primaryContactEmail: text('primary_contact_email').notNull().default(''),
    primaryContactTelCode: text('primary_contact_tel_code').notNull().default(''),
    primaryContactTelNumber: text('primary_contact_tel_number').notNull().default(''),
    /** Harm-review thresholds in weeks set by the trust's admins; null: the default 52, 78 and 104 (decision 0044). */
    harmReviewThresholdWeeks: integer('harm_review_threshold_weeks').array(),
    /**
     * The CUSUMs' in-control average run length, in operations, set by the clinical safety officer:
     * each chart's threshold is chosen so that a model predicting as it should signals once in this
     * many operations on average; null: the default 5,000 (decision 0061).
     */
    cusumTargetRunLength: integer('cusum_target_run_length'),
    /**
     * Decision 0055: the trust's laboratory systems never send a patient's date of birth (HL7 PID-7,
     * FHIR Patient.birthDate), so a result without one is matched by NHS number alone rather than
     * refused. Off unless a trust admin turns it on.
     */
    labMessagesWithoutBirthDate: boolean('lab_messages_without_birth_date').notNull().default(false),
    /** The oldest blood result the model may use, in days before the day of scoring; null: the default 90 (decision 0057). */
    bloodResultMaxAgeDays: integer('blood_result_max_age_days'),
    /** How often a waiting list is expected, in days; null: the default 7, weekly (decision 0068). */
    extractEveryDays: integer('extract_every_days'),
    /** How long the results feed may be silent, in hours; null: the default 24 (decision 0068). */
    feedSilenceHours: integer('feed_silence_hours'),
    /** The optimisation thresholds the trust set (OptimisationRules); null: the defaults (decision 0071). */
    optimisationRules: jsonb('optimisation_rules'),
    /** The services the trust refers to, by factor; null or a missing factor: the defaults (decision 0071). */
    optimisationServices: jsonb('optimisation_services'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('trusts_tenant_id_unique').on(t.trustTenantId),
    index('trusts_name_idx').on(t.trustName),
  ],
);
