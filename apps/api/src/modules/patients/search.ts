/**
 * docs/requirements.md §7 patient search: a look-up by NHS number or local patient identifier among the
 * trust's pathways, written to the access log.
 */
import { sql } from 'drizzle-orm';
import { nhsNumberDigits, hasValidCheckDigit } from '@esr/contracts/nhs-number';
import {
  maxLocalIdentifierLength,
  patientSearchMessages,
  type PatientSearchItem,
  type PatientSearchQuery,
} from '@esr/contracts/patients';
import { queryRows, type Db } from '../../platform/db/client.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { requireAccess } from '../identity/index.js';
import type { Principal } from '../identity/index.js';
import { patientReads, recordRead } from './patient-reads.js';
import { identityOf, type PathwayRow, pathwayColumns } from './patient-rows.js';

/** docs/requirements.md §7 GET patients/: one row per pathway of the trust with that NHS number or local identifier. */
export async function searchPatients(
  db: Db,
  principal: Principal,
  trustCode: string,
  query: PatientSearchQuery,
): Promise<{ patients: PatientSearchItem[] }> {
  requireAccess(principal, 'patients:read', trustCode);
  const nhsText = (query.nhsNumber ?? '').trim();
  const localText = (query.medicalRecordNumber ?? '').trim();
  let condition;
  if (nhsText !== '') {
    const digits = nhsNumberDigits(nhsText);
    if (!/^\d{10}$/.test(digits))
      throw badRequest(patientSearchMessages.nhsNumberLength, {
        NHSNumber: [patientSearchMessages.nhsNumberLength],
      });
    if (!hasValidCheckDigit(digits))
      throw badRequest(patientSearchMessages.nhsNumberInvalid, {
        NHSNumber: [patientSearchMessages.nhsNumberInvalid],
      });
    condition = sql`p.nhs_number = ${digits}`;
  } else if (localText !== '') {
    if (localText.length > maxLocalIdentifierLength)
      throw badRequest(patientSearchMessages.localIdentifierTooLong, {
        MedicalRecordNumber: [patientSearchMessages.localIdentifierTooLong],
      });
    // Ignoring case, as the open-pathways filter does: "ran760798" finds RAN760798 (decision 0038).
    condition = sql`lower(p.local_patient_identifier) = ${localText.toLowerCase()}`;
  } else {
    throw badRequest(patientSearchMessages.nothingToSearch, {
      NHSNumber: [patientSearchMessages.nothingToSearch],
    });
  }
  const rows = await queryRows<PathwayRow>(
    db,
    sql`select ${pathwayColumns} from pathways p
      where p.trust_code = ${trustCode} and ${condition}
      order by p.is_active desc, p.referral_date desc nulls last, p.created_at desc
      limit 50`,
  );
  if (rows.length === 0) throw notFound(patientSearchMessages.notFound);
  await recordRead(
    db,
    principal,
    trustCode,
    patientReads.lookup,
    rows.map((row) => row.id),
  );
  return {
    patients: rows.map((row) => ({
      ...identityOf(row),
      dateOfBirth: row.date_of_birth,
      operationType: row.procedure_code,
      referralDate: row.referral_date,
      isActive: row.is_active,
    })),
  };
}
