import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../platform/db/client.js';

/** An evaluation as a test needs it: the band, probability, model version and when it was made. */
export interface EvaluationValues {
  probability: number;
  prediction: 'High' | 'Moderate' | 'Low';
  /** ISO time it was made. */
  createdAt: string;
  modelVersion?: number;
  inputs?: Record<string, unknown>;
}

/**
 * Evaluations written straight into the table, dated as a test needs (the evaluation writer always
 * dates them now), made by the trust's active model of the procedure.
 */
export async function insertEvaluations(
  db: Db,
  pathwayId: string,
  evaluations: EvaluationValues[],
): Promise<string[]> {
  const [model] = await queryRows<{
    id: string;
    version: number;
    trust_code: string;
    procedure_code: string;
  }>(
    db,
    sql`select m.id, m.version, m.trust_code, m.procedure_code from ml_models m
      join pathways p on p.trust_code = m.trust_code and p.procedure_code = m.procedure_code
      where p.id = ${pathwayId} and m.is_active`,
  );
  if (!model) throw new Error('The pathway’s trust has no active model of its procedure');
  const ids: string[] = [];
  for (const evaluation of evaluations) {
    const id = crypto.randomUUID();
    ids.push(id);
    await db.execute(sql`insert into evaluations (id, pathway_id, trust_code, procedure_code, model_id,
        model_version, model_name, model_card_version, demonstration, reason, created_at, created_by,
        probability, prediction, is_default_value_used, feature_contributions, inputs)
      values (${id}, ${pathwayId}, ${model.trust_code}, ${model.procedure_code}, ${model.id},
        ${evaluation.modelVersion ?? model.version}, 'Test model', '1', true, 'batch',
        ${evaluation.createdAt}::timestamptz, 'Batch scoring', ${evaluation.probability},
        ${evaluation.prediction}, false, '\\x'::bytea, ${JSON.stringify(evaluation.inputs ?? {})}::json)`);
  }
  return ids;
}
