import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';

/** A pathway as a test needs it: everything optional but its trust and procedure. */
export interface PathwayValues {
  id?: string;
  nhsNumber?: string | null;
  localPatientIdentifier?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  dateOfBirth?: string | null;
  sex?: 'M' | 'F' | null;
  ethnicGroup?: string | null;
  surgeonName?: string | null;
  priority?: string | null;
  priorityDate?: string | null;
  clockStart?: string | null;
  tciDate?: string | null;
  lastValidatedOn?: string | null;
  lastHarmReviewOn?: string | null;
  lastHarmReviewLevel?: string | null;
  /** processed with this band and probability; absent: waiting to be scored. */
  scored?: { prediction: 'High' | 'Moderate' | 'Low'; probability: number };
  isActive?: boolean;
}

/**
 * Active pathways written straight into the table, for tests of what reads them (the worklist,
 * its matrix and flags): the import's own tests prove how an import writes them.
 */
export async function insertPathways(
  db: Db,
  trustCode: string,
  procedureCode: string,
  pathways: PathwayValues[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const values of pathways) {
    const id = values.id ?? crypto.randomUUID();
    ids.push(id);
    const clinical = JSON.stringify({ sex: values.sex ?? null, ethnicGroup: values.ethnicGroup ?? null });
    await db.execute(sql`insert into pathways (id, trust_code, procedure_code, nhs_number, local_patient_identifier,
        first_name, last_name,
        date_of_birth, operation_type, referral_date, clock_start, priority, priority_date, last_validated_on,
        last_harm_review_on, last_harm_review_level, surgeon_name, clinical, inputs_hash, is_active, status,
        prediction, probability, date_removed, tci_date)
      values (${id}, ${trustCode}, ${procedureCode}, ${values.nhsNumber ?? null},
        ${values.localPatientIdentifier ?? null}, ${values.firstName ?? 'Alex'},
        ${values.lastName ?? 'Test'}, ${values.dateOfBirth ?? null}::date, 'W401', ${values.clockStart ?? null}::date,
        ${values.clockStart ?? null}::date, ${values.priority ?? null}, ${values.priorityDate ?? values.clockStart ?? null}::date,
        ${values.lastValidatedOn ?? null}::date, ${values.lastHarmReviewOn ?? null}::date,
        ${values.lastHarmReviewLevel ?? null}, ${values.surgeonName ?? null}, ${clinical}::json, 'test',
        ${values.isActive ?? true}, ${values.scored ? 'processed' : 'waiting'},
        ${values.scored?.prediction ?? null}, ${values.scored?.probability ?? null},
        ${values.isActive === false ? sql`now()` : sql`null`}, ${values.tciDate ?? null}::date)`);
  }
  return ids;
}
