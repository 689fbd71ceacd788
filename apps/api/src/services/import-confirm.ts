/**
 * Applying a confirmed upload to the active list (the confirm-batch job; DESIGN §5): in one
 * transaction the file's pathways become the active list for the trust and procedure. Rows with an
 * NHS number match an active pathway by NHS number, rows without one by local patient identifier;
 * matched pathways are updated, new ones created, and active pathways absent from the file archived.
 */
import { eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.js';
import { importBatches, users } from '../db/schema.js';
import { recordChange } from './change-log.js';
import { procedureName } from './procedures.js';

export interface AppliedImport {
  trustCode: string;
  procedureCode: string;
  created: number;
  updated: number;
  archived: number;
}

const count = (rows: { n: number | string }[]) => Number(rows[0]?.n ?? 0);

/** What the model reads, hashed, so that an import that changes nothing keeps its prediction. */
const inputsHash = sql`md5((s.record->'clinical')::text)`;

/**
 * Idempotent: the batch row is locked and applied only from CONFIRMING, so a retried job, a second
 * worker or a restart after a crash applies each import once or not at all (the transaction).
 */
export async function applyConfirmedImport(db: Db, batchId: string): Promise<AppliedImport | null> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const [batch] = await tx.select().from(importBatches).where(eq(importBatches.id, batchId)).for('update');
    if (!batch || batch.status !== 'CONFIRMING') return null;
    const { trustCode, procedureCode } = batch;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`list/${trustCode}/${procedureCode}`}))`);

    await tx.execute(sql`update staged_pathways s set pathway_id = p.id
      from pathways p
      where s.batch_id = ${batchId} and s.nhs_number is not null
        and p.trust_code = ${trustCode} and p.procedure_code = ${procedureCode} and p.is_active
        and p.nhs_number = s.nhs_number`);
    await tx.execute(sql`update staged_pathways s set pathway_id = p.id
      from pathways p
      where s.batch_id = ${batchId} and s.nhs_number is null and s.local_patient_identifier is not null
        and p.trust_code = ${trustCode} and p.procedure_code = ${procedureCode} and p.is_active
        and p.nhs_number is null and p.local_patient_identifier = s.local_patient_identifier`);

    const updated = count(
      await queryRows<{ n: number }>(
        txDb,
        sql`with changed as (
          update pathways p set
            local_patient_identifier = coalesce(s.record->>'localPatientIdentifier', p.local_patient_identifier),
            first_name = s.record->>'firstName',
            last_name = s.record->>'lastName',
            date_of_birth = (s.record->>'dateOfBirth')::date,
            operation_type = s.record->>'operationType',
            referral_date = (s.record->>'referralDate')::date,
            tci_date = (s.record->>'tciDate')::date,
            surgeon_name = s.record->>'surgeonName',
            priority = s.record->>'priority',
            surgery = s.record->>'surgery',
            social = s.record->>'social',
            clinical = s.record->'clinical',
            lab_dates = s.record->'labDates',
            inputs_hash = ${inputsHash},
            status = case when p.inputs_hash = ${inputsHash} then p.status else 'waiting' end,
            prediction = case when p.inputs_hash = ${inputsHash} then p.prediction else null end,
            probability = case when p.inputs_hash = ${inputsHash} then p.probability else null end,
            current_evaluation_id = case when p.inputs_hash = ${inputsHash} then p.current_evaluation_id else null end,
            scored_model_id = case when p.inputs_hash = ${inputsHash} then p.scored_model_id else null end,
            failed_fields = case when p.inputs_hash = ${inputsHash} then p.failed_fields else null end,
            failure_reason = case when p.inputs_hash = ${inputsHash} then p.failure_reason else null end,
            last_batch_id = ${batchId},
            updated_at = now()
          from staged_pathways s
          where s.batch_id = ${batchId} and s.pathway_id = p.id
          returning 1
        ) select count(*) as n from changed`,
      ),
    );

    const created = count(
      await queryRows<{ n: number }>(
        txDb,
        sql`with added as (
          insert into pathways (id, trust_code, procedure_code, nhs_number, local_patient_identifier,
            first_name, last_name, date_of_birth, operation_type, referral_date, tci_date, surgeon_name,
            priority, surgery, social, clinical, lab_dates, inputs_hash, is_active, status,
            first_batch_id, last_batch_id)
          select gen_random_uuid(), ${trustCode}, ${procedureCode}, s.nhs_number, s.local_patient_identifier,
            s.record->>'firstName', s.record->>'lastName', (s.record->>'dateOfBirth')::date,
            s.record->>'operationType', (s.record->>'referralDate')::date, (s.record->>'tciDate')::date,
            s.record->>'surgeonName', s.record->>'priority', s.record->>'surgery', s.record->>'social',
            s.record->'clinical', s.record->'labDates', ${inputsHash}, true, 'waiting', ${batchId}, ${batchId}
          from staged_pathways s
          where s.batch_id = ${batchId} and s.pathway_id is null
          order by s.row_number
          returning 1
        ) select count(*) as n from added`,
      ),
    );

    const archived = count(
      await queryRows<{ n: number }>(
        txDb,
        sql`with removed as (
          update pathways set is_active = false, date_removed = now(), updated_at = now()
          where trust_code = ${trustCode} and procedure_code = ${procedureCode} and is_active
            and last_batch_id is distinct from ${batchId}
          returning 1
        ) select count(*) as n from removed`,
      ),
    );

    await tx
      .update(importBatches)
      .set({ status: 'IMPORTED', createdCount: created, updatedCount: updated, archivedCount: archived })
      .where(eq(importBatches.id, batchId));
    await tx.execute(sql`delete from staged_pathways where batch_id = ${batchId}`);

    const actorId = batch.decidedByUserId ?? batch.createdByUserId;
    const [actor] = actorId
      ? await tx
          .select({ firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(eq(users.id, actorId))
      : [];
    const [names] = await queryRows<{ trust_name: string }>(
      txDb,
      sql`select trust_name from trusts where trust_code = ${trustCode}`,
    );
    const principal = {
      userId: actorId,
      firstName: actor?.firstName ?? batch.decidedBy ?? batch.createdBy,
      lastName: actor?.lastName ?? '',
    };
    const procedure = await procedureName(txDb, procedureCode);
    await recordChange(txDb, {
      principal,
      trustCode,
      trustName: names?.trust_name ?? '',
      action: `Confirmed the ${procedure} waiting list ${batch.waitingListFileName}: ${created} added, ${updated} updated, ${archived} archived`,
      entityType: 'import',
      entityId: batchId,
      before: { uploadStatus: 'Confirming' },
      after: {
        uploadStatus: 'Imported',
        waitingListFileName: batch.waitingListFileName,
        bloodTestFileName: batch.bloodTestFileName,
        pathwaysAdded: created,
        pathwaysUpdated: updated,
        pathwaysArchived: archived,
      },
    });
    return { trustCode, procedureCode, created, updated, archived };
  });
}
