/**
 * Pathways as an import leaves them, seeded in bulk for the benchmarks: referral dates over two
 * years, a TCI date for a third, 40 surgeons, names that need more than Latin-1; scored ones with
 * one evaluation each (98 % processed: 15 % high, 35 % moderate, 50 % low risk; 1 % waiting, 1 %
 * failed), or all waiting for the scoring job; then archived pathways of an earlier list.
 */
import type { Database } from '../../apps/api/dist/platform/db/client.js';
import { seedDemoData, seedReferenceData } from '../../apps/api/dist/platform/db/seed.js';
import { activeRiskModel, installDefaultModels } from '../../apps/api/dist/modules/models/models.js';

export interface SeedOptions {
  procedureCode: 'knee' | 'hip' | 'knee-hip';
  rows: number;
  archivedRows: number;
  /** Scored by the active model with an evaluation each (default), or all waiting to be scored. */
  scored?: boolean;
}

const firstNames = [
  'Oliver',
  'Amelia',
  'Łukasz',
  'Siobhán',
  'Zoë',
  'Priya',
  'Mohammed',
  'Grace',
  'Tom',
  'Aisha',
];
const lastNames = [
  "O'Brien",
  'Smith',
  'Nowak',
  'Patel',
  'Jones',
  'Evans',
  'Khan',
  'Clarke',
  'Murphy',
  'Wood',
];
export const surgeons = Array.from(
  { length: 40 },
  (_, i) => `${i % 2 ? 'Ms' : 'Mr'} ${String.fromCharCode(65 + (i % 26))} Surgeon${i}`,
);
const sqlArray = (items: string[]) =>
  `ARRAY[${items.map((item) => `'${item.replace(/'/g, "''")}'`).join(',')}]`;

/** The reference data, the demo trusts and users, and the default models of trust RAN. */
export async function seedBase(database: Database) {
  await seedReferenceData(database.db);
  await seedDemoData(database.db);
  await installDefaultModels(database.db, ['RAN']);
}

/** The trust RAN's list of one procedure (seedBase first). Pathway g's id is md5('bench-{procedure}-pathway-' || g). */
export async function seedPathways(database: Database, options: SeedOptions) {
  const { procedureCode, rows, archivedRows, scored = true } = options;
  // Scored pathways are seeded as the active model's work, so the server has nothing to score again.
  const model = `(SELECT id FROM ml_models WHERE trust_code = 'RAN' AND procedure_code = '${procedureCode}' AND is_active)`;
  const status = scored
    ? `CASE WHEN g % 100 = 0 THEN 'waiting' WHEN g % 100 = 1 THEN 'failed' ELSE 'processed' END`
    : `'waiting'`;
  const unscored = scored ? 'g % 100 < 2' : 'true';
  const run = async (label: string, text: string) => {
    const started = Date.now();
    await database.executeSql(text);
    console.log(`  ${label.padEnd(40)} ${((Date.now() - started) / 1000).toFixed(1)} s`);
  };
  const pathwaysFrom = (from: number, to: number, active: boolean) => `
    INSERT INTO pathways (id, trust_code, procedure_code, nhs_number, local_patient_identifier, first_name,
      last_name, date_of_birth, operation_type, referral_date, tci_date, surgeon_name, priority, surgery,
      social, clinical, inputs_hash, is_active, status, prediction, probability, current_evaluation_id, scored_model_id,
      failed_fields, failure_reason, processed_at, date_removed, created_at, updated_at)
    SELECT md5('bench-${procedureCode}-pathway-' || g)::uuid, 'RAN', '${procedureCode}', (9000000000 + g)::text, 'RAN' || lpad(g::text, 7, '0'),
      (${sqlArray(firstNames)})[1 + g % ${firstNames.length}],
      (${sqlArray(lastNames)})[1 + (g / ${firstNames.length}) % ${lastNames.length}],
      date '1940-01-01' + (g * 37 % 16000), 'Total knee replacement',
      date '2024-06-01' + (g * 7919 % 730),
      CASE WHEN g % 3 = 0 THEN date '2026-07-01' + (g * 31 % 365) END,
      (${sqlArray(surgeons)})[1 + abs(hashtext('surgeon' || g)) % ${surgeons.length}],
      'P' || (2 + g % 3),
      (ARRAY['ready','ready','requires_review','not_ready'])[1 + g % 4],
      (ARRAY['no_social_concerns','no_social_concerns','no_social_concerns','social_review_required','social_concerns'])[1 + g % 5],
      jsonb_build_object('height', 150 + g % 40, 'weight', 55 + g % 60, 'sex', CASE WHEN g % 2 = 0 THEN 'F' ELSE 'M' END,
        'smoking', '4', 'ethnicGroup', 'A', 'hypt', (g % 7 = 0)::int::text, 'copd', (g % 11 = 0)::int::text,
        'haemoglobin', (120 + g % 40)::text, 'creatinine', (60 + g % 50)::text, 'albumin', (35 + g % 10)::text,
        -- The demonstration models' required inputs (decision 0057): without them every pathway is Incomplete.
        'egfr', (55 + g % 40)::text, 'dateOfBirth', (date '1940-01-01' + (g * 37 % 16000))::text),
      md5('bench-hash-' || g), ${active},
      ${status},
      CASE WHEN ${unscored} THEN NULL WHEN g % 20 < 3 THEN 'High' WHEN g % 20 < 10 THEN 'Moderate' ELSE 'Low' END,
      CASE WHEN ${unscored} THEN NULL ELSE (g % 1000) / 1000.0 END,
      CASE WHEN ${unscored} THEN NULL ELSE md5('bench-${procedureCode}-evaluation-' || g)::uuid END,
      CASE WHEN ${scored ? 'g % 100 = 0' : 'true'} THEN NULL ELSE ${model} END,
      CASE WHEN ${scored ? 'g % 100 = 1' : 'false'} THEN '["height","weight"]'::jsonb END,
      CASE WHEN ${scored ? 'g % 100 = 1' : 'false'} THEN 'Required values missing' END,
      now() - (g % 1000) * interval '1 minute',
      CASE WHEN ${active} THEN NULL ELSE now() - (g % 5000) * interval '1 minute' END,
      now(), now()
    FROM generate_series(${from}, ${to}) g`;
  await run(`${rows.toLocaleString('en-GB')} active ${procedureCode} pathways`, pathwaysFrom(1, rows, true));
  await run(
    `${archivedRows.toLocaleString('en-GB')} archived pathways`,
    pathwaysFrom(rows + 1, rows + archivedRows, false),
  );
  // Stored as the product stores them (decisions 0028, 0032): a contribution per feature of the active
  // model, in its order, so that reading one rebuilds its explanation under that model. As the
  // default model's typically are, two are of medium or high importance and the rest low.
  const features = (await activeRiskModel(database.db, 'RAN', procedureCode))!.model.wrapper!.features.length;
  await run(
    'their evaluations',
    `INSERT INTO evaluations (id, pathway_id, trust_code, procedure_code, model_id, model_version, model_name,
       model_card_version, demonstration, reason, created_by, probability, prediction, is_default_value_used,
       feature_contributions, evaluation_date, inputs)
     SELECT p.current_evaluation_id, p.id, p.trust_code, p.procedure_code, p.scored_model_id, 1,
       'Demonstration model', '1.0.0', true, 'batch', 'Batch scoring', p.probability, p.prediction, false,
       (SELECT string_agg(float8send(CASE WHEN i <= 2 THEN 0.1 + abs(hashtext(p.id::text || i) % 250) / 1000.0
         ELSE (hashtext(p.id::text || i) % 800) / 10000.0 END), ''::bytea ORDER BY i) FROM generate_series(1, ${features}) i),
       current_date, p.clinical
     FROM pathways p WHERE p.current_evaluation_id IS NOT NULL AND p.procedure_code = '${procedureCode}'`,
  );
}

/** Statistics and the visibility map, as autovacuum would leave them. */
export async function vacuumAnalyze(database: Database) {
  for (const table of ['pathways', 'evaluations', 'pathway_counts'])
    await database.executeSql(`VACUUM ANALYZE ${table}`);
}

/**
 * The base data and `rows` scored knee pathways (and as many unscored hip ones with `unscoredHip`),
 * analysed, in the benchmark's database, closed again after (so that the server can open a PGlite
 * folder); then up to `sample` of the processed knee pathways' ids, in an order fixed by their ids,
 * for the requests a benchmark makes.
 */
export async function seedKneeSample(
  bench: { open: () => Promise<Database> },
  options: { rows: number; sample: number; unscoredHip?: boolean },
): Promise<string[]> {
  const database = await bench.open();
  try {
    await seedBase(database);
    await seedPathways(database, { procedureCode: 'knee', rows: options.rows, archivedRows: 0 });
    if (options.unscoredHip)
      await seedPathways(database, {
        procedureCode: 'hip',
        rows: options.rows,
        archivedRows: 0,
        scored: false,
      });
    await vacuumAnalyze(database);
    const processed = await database.executeSql(
      `select id from pathways where procedure_code = 'knee' and status = 'processed' order by md5(id::text) limit ${options.sample}`,
    );
    return processed.rows.map((row) => String(row.id));
  } finally {
    await database.close();
  }
}
