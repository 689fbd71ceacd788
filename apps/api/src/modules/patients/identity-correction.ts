/**
 * POST …/identity-correction (docs/decisions/0055-identity-by-nhs-number-and-date-of-birth.md): a
 * clinician, acting as one, confirms that the pathway's patient is the one a waiting list now gives
 * with another date of birth, because the trust's system corrected it. The date is kept with the
 * pathway; the next list row with the NHS number and that date is this patient, and its confirm
 * writes the date as the pathway's. The change log keeps the dates and the reason; the access log
 * the summary it answers.
 */
import { sql } from 'drizzle-orm';
import { todayInLondon } from '@esr/contracts/london-dates';
import {
  identityCorrectionMessages as messages,
  maxIdentityReasonLength,
  type IdentityCorrectionRequest,
} from '@esr/contracts/patient-identity';
import type { RiskSummary } from '@esr/contracts/patients';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { queryRows, type Db } from '../../platform/db/client.js';
import { badRequest, conflict, forbidden } from '../../platform/errors.js';
import { actsAsClinician, requireAccess, type Principal } from '../identity/index.js';
import { recordChange } from '../change-log/index.js';
import { acceptDateOfBirth } from '../pathways/index.js';
import { patientReads } from './patient-reads.js';
import { patientPathway } from './patient-rows.js';
import { riskSummary } from './risk-summary.js';

/** The oldest a patient can be, as the import reads a date of birth (docs/import-format.md). */
const maxAge = 110;

/** What is wrong with the form, by field, as the error summary lists it; empty when nothing is. */
function problemsOf(body: IdentityCorrectionRequest, current: string | null, today: string) {
  const problems: Record<string, string[]> = {};
  const reason = body.reason.trim();
  if (reason.length === 0) problems.reason = [messages.reasonRequired];
  else if (reason.length > maxIdentityReasonLength) problems.reason = [messages.reasonTooLong];
  const date = body.dateOfBirth;
  const oldest = `${Number(today.slice(0, 4)) - maxAge}${today.slice(4)}`;
  if (date > today) problems.dateOfBirth = [messages.dateFuture];
  else if (date < oldest) problems.dateOfBirth = [messages.dateTooOld];
  else if (date === current) problems.dateOfBirth = [messages.dateSame];
  return problems;
}

export async function correctIdentity(
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: ProcedureCode,
  id: string,
  body: IdentityCorrectionRequest,
  now = new Date(),
): Promise<RiskSummary> {
  requireAccess(principal, 'patients:identity-correction', trustCode);
  // A user holding Clerical User and Clinician confirms only while acting as Clinician.
  if (!actsAsClinician(principal)) throw forbidden(messages.cliniciansOnly);
  return db.transaction(async (tx) => {
    const pathway = await patientPathway(tx, trustCode, procedureCode, id, true);
    const problems = problemsOf(body, pathway.date_of_birth, todayInLondon(now));
    if (Object.keys(problems).length > 0) throw badRequest(Object.values(problems)[0]![0]!, problems);
    if (!pathway.is_active) throw conflict(messages.notOnList);
    const [before] = await queryRows<{ accepted: string | null }>(
      tx,
      sql`select accepted_date_of_birth::text as accepted from pathways where id = ${id}`,
    );
    await acceptDateOfBirth(tx, id, body.dateOfBirth);
    await recordChange(tx, {
      principal,
      trustCode,
      trustName: principal.trustName,
      action: 'Confirmed the same patient with a corrected date of birth',
      entityType: 'patient',
      pathway,
      before: { dateOfBirth: pathway.date_of_birth, correctedDateOfBirth: before?.accepted ?? null },
      after: {
        dateOfBirth: pathway.date_of_birth,
        correctedDateOfBirth: body.dateOfBirth,
        reason: body.reason.trim(),
      },
    });
    return riskSummary(tx, principal, trustCode, procedureCode, id, patientReads.identityCorrection);
  });
}
