/**
 * Which blank inputs of an upload the procedure's active model would fill in with a default: the
 * reading warns about each, naming it (docs/import-format.md "Warnings"; decision 0035).
 */
import { defaultedRecordFields } from '@esr/risk-engine/features';
import type { Db } from '../../platform/db/client.js';
import { activeRiskModel } from '../models/index.js';

export async function defaultedFieldsOf(db: Db, trustCode: string, procedureCode: string): Promise<string[]> {
  const active = await activeRiskModel(db, trustCode, procedureCode);
  return active?.model.wrapper ? defaultedRecordFields(active.model.wrapper) : [];
}
