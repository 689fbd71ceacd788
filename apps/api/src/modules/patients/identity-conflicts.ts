/**
 * The rows of the trust's undecided uploads refused because they have a pathway's NHS number (or
 * local identifier) and another date of birth (decision 0055), as that pathway's risk summary shows
 * them: the clinician who can confirm a corrected date of birth learns of them there.
 */
import { sql } from 'drizzle-orm';
import type { IdentityConflict } from '@esr/contracts/patient-identity';
import type { RiskSummary } from '@esr/contracts/patients';
import { queryRows, type Db } from '../../platform/db/client.js';

interface ConflictRow extends Record<string, unknown> {
  row_number: number;
  file_name: string;
  uploaded_at: string | Date;
  date_of_birth: string;
  local_patient_identifier: string | null;
  accepted: string | null;
}

/**
 * The pathway's conflicts in uploads still waiting for a decision (a newer upload of the list
 * replaces an older one, so these are the latest's), newest first; a row giving the date of birth a
 * clinician has since confirmed is no longer one. With the confirmed date of birth.
 */
export async function identityConflictsOf(
  db: Db,
  pathwayId: string,
): Promise<{ conflicts: IdentityConflict[]; acceptedDateOfBirth: string | null }> {
  const rows = await queryRows<ConflictRow>(
    db,
    sql`select c.row_number, b.waiting_list_file_name as file_name, b.created_at as uploaded_at,
        c.date_of_birth::text as date_of_birth, c.local_patient_identifier, a.accepted
      from (select p.accepted_date_of_birth::text as accepted from pathways p where p.id = ${pathwayId}) a
      left join import_identity_conflicts c on c.pathway_id = ${pathwayId}
        and c.date_of_birth::text is distinct from a.accepted
        and exists (select 1 from import_batches b where b.id = c.batch_id and b.status = 'VALIDATED')
      left join import_batches b on b.id = c.batch_id
      order by b.created_at desc, c.row_number
      limit 20`,
  );
  return {
    acceptedDateOfBirth: rows[0]?.accepted ?? null,
    conflicts: rows
      .filter((row) => row.row_number !== null)
      .map((row) => ({
        rowNumber: Number(row.row_number),
        fileName: row.file_name,
        uploadedAt: new Date(row.uploaded_at).toISOString(),
        dateOfBirth: row.date_of_birth,
        hospitalNumber: row.local_patient_identifier,
      })),
  };
}

/** A summary with its pathway's pending identity conflicts and confirmed date of birth. */
export async function withIdentity(db: Db, summary: RiskSummary): Promise<RiskSummary> {
  const { conflicts, acceptedDateOfBirth } = await identityConflictsOf(db, summary.id);
  return { ...summary, identityConflicts: conflicts, acceptedDateOfBirth };
}
