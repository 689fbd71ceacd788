/**
 * Outcomes after surgery seeded in bulk as the outcome writer leaves them (decision 0045), on the
 * archived pathways seedPathways wrote for trust RAN's knee list: each becomes an operated pathway
 * (operated over the two years up to three months ago), its evaluation made 5–60 days before the
 * operation with a risk whose log-odds are about normal (mean −2.6, sd 0.9: a mean near 9 %), and a
 * current outcome judged against it that keeps its probability, band, model version and groups;
 * complications drawn from the risks (or from a miscalibrated version of them); 2 % never scored
 * (excluded); 5 % corrected once (an earlier outcome no longer current); 2 % with a clinician's view
 * of the risk; ethnic groups and age bands spread as a trust's knee list's are.
 */
import type { Database } from '../../apps/api/dist/platform/db/client.js';
import { activeRiskModel } from '../../apps/api/dist/modules/models/models.js';

/** A number in [0, 1) from a hash of `label` and a row's id: the same values on every run. */
const unit = (label: string, id: string) =>
  `((abs(hashtext('${label}' || ${id}::text)::bigint) % 1000000) / 1000000.0::float8)`;
/** The operated (archived) pathways of the list, as `alias`. */
const operated = (alias: string) =>
  `${alias}.trust_code = 'RAN' and ${alias}.procedure_code = 'knee' and not ${alias}.is_active`;

/**
 * The archived pathways seedPathways wrote become operated ones: an operation date over the two
 * years up to three months ago, referred 60–460 days before it, and (when scored) a risk whose
 * log-odds are about normal (mean −2.6, sd 0.9), banded by the active model's thresholds.
 */
const operatedPathways = (thresholds: { high: number; moderate: number }) => `
  with s as (
    select id, current_evaluation_id is not null as scored,
      current_date - 95 - (abs(hashtext('operated' || id::text)::bigint) % 730)::int as operated_on,
      60 + (abs(hashtext('referred' || id::text)::bigint) % 400)::int as waited,
      1 / (1 + exp(2.6 - 1.8 * (${unit('risk1', 'id')} + ${unit('risk2', 'id')} + ${unit('risk3', 'id')} - 1.5))) as risk
    from pathways p where ${operated('p')})
  update pathways p set date_of_operation = s.operated_on, referral_date = s.operated_on - s.waited,
    date_removed = (s.operated_on + 1)::timestamp at time zone 'Europe/London',
    probability = case when s.scored then s.risk end,
    prediction = case when not s.scored then null when s.risk >= ${thresholds.high} then 'High'
      when s.risk >= ${thresholds.moderate} then 'Moderate' else 'Low' end
  from s where p.id = s.id`;

/** Each evaluation made 5–60 days before its pathway's operation, with the pathway's risk. */
const evaluatedBefore = `
  update evaluations e set probability = p.probability, prediction = p.prediction,
    created_at = ((p.date_of_operation - s.lag)::timestamp + time '09:30') at time zone 'Europe/London',
    evaluation_date = p.date_of_operation - s.lag
  from pathways p, lateral (select 5 + (abs(hashtext('evaluated' || p.id::text)::bigint) % 55)::int as lag) s
  where e.id = p.current_evaluation_id and ${operated('p')}`;

const outcomeColumns = `id, pathway_id, trust_code, procedure_code, is_current, date_of_operation,
  complication_90_days, complication_type, readmission_30_days, length_of_stay_days, death_90_days, source,
  file_name, recorded_at, recorded_by, evaluation_id, model_id, model_version, probability, prediction,
  evaluated_at, sex, ethnic_group, age_band, adjusted_prediction`;

/** The true risk of a pathway whose stored risk is `p`: p itself, or sigmoid(a + b·logit p). */
export interface Miscalibration {
  intercept: number;
  slope: number;
}
const trueRisk = (p: string, miscalibration?: Miscalibration) =>
  miscalibration
    ? `1 / (1 + exp(-(${miscalibration.intercept} + ${miscalibration.slope} * ln(${p} / (1 - ${p})))))`
    : p;

/**
 * The current outcome of every operated pathway, as the outcome writer records it from a file:
 * judged against the pathway's evaluation (none for the 2 % never scored: excluded), with the sex
 * the model saw, and ethnic groups and age bands spread as a trust's knee list's are (the seeded
 * evaluations' values are all of one group).
 */
const currentOutcomes = (miscalibration?: Miscalibration) => `
  insert into pathway_outcomes (${outcomeColumns})
  select md5('bench-outcome-' || o.id)::uuid, o.id, 'RAN', 'knee', true, o.date_of_operation, o.event,
    case when o.event then (array['Surgical site infection', 'Venous thromboembolism', 'Dislocation',
      'Acute kidney injury'])[1 + o.k % 4] end,
    (o.event and o.k % 2 = 0) or o.k % 33 = 0, 1 + o.k % (case when o.event then 9 else 4 end),
    o.event and o.k % 50 = 0, 'file', 'Theatre outcomes (benchmark)',
    (o.date_of_operation + 100)::timestamp at time zone 'Europe/London', 'Benchmark',
    e.id, e.model_id, e.model_version, e.probability, e.prediction, e.created_at,
    case when e.id is null then 'Not stated' when e.inputs->>'sex' = 'M' then 'Male'
      when e.inputs->>'sex' = 'F' then 'Female' else 'Not stated' end,
    case when e.id is null then 'Not stated' when o.eg < 0.80 then 'White' when o.eg < 0.89 then 'Asian'
      when o.eg < 0.93 then 'Black' when o.eg < 0.955 then 'Mixed' when o.eg < 0.975 then 'Other'
      else 'Not stated' end,
    case when e.id is null then null when o.ag < 0.04 then 'Under 50' when o.ag < 0.20 then '50 to 59'
      when o.ag < 0.52 then '60 to 69' when o.ag < 0.87 then '70 to 79' else '80 and over' end,
    case when e.id is not null and o.ad < 0.02 then (array['high', 'medium', 'low'])[1 + o.k % 3] end
  from (select p.id, p.date_of_operation, p.current_evaluation_id,
      ${unit('event', 'p.id')} < coalesce(${trueRisk('p.probability', miscalibration)}, 0.09) as event,
      abs(hashtext('kind' || p.id::text)::bigint) % 1000 as k,
      ${unit('ethnic', 'p.id')} as eg, ${unit('age', 'p.id')} as ag, ${unit('adjusted', 'p.id')} as ad
    from pathways p where ${operated('p')}) o
  left join evaluations e on e.id = o.current_evaluation_id`;

/** For 5 % of them, the outcome a later file corrected: recorded a month earlier, no longer current. */
const correctedOutcomes = `
  insert into pathway_outcomes (${outcomeColumns})
  select md5('bench-earlier-outcome-' || pathway_id)::uuid, pathway_id, trust_code, procedure_code, false,
    date_of_operation, not complication_90_days, null, readmission_30_days, length_of_stay_days, death_90_days,
    source, file_name, recorded_at - interval '30 days', recorded_by, evaluation_id, model_id, model_version,
    probability, prediction, evaluated_at, sex, ethnic_group, age_band, adjusted_prediction
  from pathway_outcomes where is_current and ${unit('corrected', 'pathway_id')} < 0.05`;

/**
 * The outcomes of the archived knee pathways of trust RAN (seedBase, then seedPathways with them
 * as archivedRows, first), and the list's outcome version. Complications are drawn from the stored
 * risks, or from `miscalibration` of them (a model whose risks are off, for recalibration).
 */
export async function seedOutcomes(database: Database, options: { miscalibration?: Miscalibration } = {}) {
  const run = async (label: string, text: string) => {
    const started = Date.now();
    await database.executeSql(text);
    console.log(`  ${label.padEnd(40)} ${((Date.now() - started) / 1000).toFixed(1)} s`);
  };
  const { thresholds } = (await activeRiskModel(database.db, 'RAN', 'knee'))!.model.wrapper!;
  await run('operated: dates and risks', operatedPathways(thresholds));
  await run('evaluated before the operation', evaluatedBefore);
  await run('their current outcomes', currentOutcomes(options.miscalibration));
  await run('earlier outcomes of 5 %', correctedOutcomes);
  await run(
    'the list’s outcome version',
    `insert into outcome_versions (trust_code, procedure_code, version) values ('RAN', 'knee', 1)`,
  );
}
