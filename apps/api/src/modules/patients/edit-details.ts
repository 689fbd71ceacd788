/**
 * docs/requirements.md §7 PUT surgical-risk-factors/: the surgeon, readiness and social aspects a
 * clinician edits, written with their change-log entry.
 */
import {
  editDetailsMessages,
  maxSurgeonNameLength,
  type RiskSummary,
  type SurgicalRiskFactorsRequest,
} from '@esr/contracts/patients';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { readinessValues, socialValues } from '@esr/contracts/open-pathways';
import { type Db } from '../../platform/db/client.js';
import { badRequest } from '../../platform/errors.js';
import { requireAccess } from '../identity/index.js';
import { recordChange } from '../change-log/index.js';
import type { Principal } from '../identity/index.js';
import { setSurgicalRiskFactors } from '../pathways/index.js';
import { patientReads } from './patient-reads.js';
import { oneOf, patientPathway, requireActive } from './patient-rows.js';
import { riskSummary } from './risk-summary.js';

/** docs/requirements.md §7 PUT surgical-risk-factors/: surgeon, readiness and social aspects. */
export async function updateSurgicalRiskFactors(
  db: Db,
  principal: Principal,
  trustCode: string,
  procedureCode: ProcedureCode,
  id: string,
  body: SurgicalRiskFactorsRequest,
): Promise<RiskSummary> {
  requireAccess(principal, 'patients:write', trustCode);
  const errors: Record<string, string[]> = {};
  const surgeonName = (body.surgeonName ?? '').trim();
  if (surgeonName === '') errors.surgeonName = [editDetailsMessages.surgeonRequired];
  else if (surgeonName.length > maxSurgeonNameLength)
    errors.surgeonName = [editDetailsMessages.surgeonTooLong];
  const surgery = oneOf(readinessValues, body.surgery ?? null);
  if (!surgery) errors.surgery = [editDetailsMessages.surgeryRequired];
  const social = oneOf(socialValues, body.social ?? null);
  if (!social) errors.social = [editDetailsMessages.socialRequired];
  if (body.id !== undefined && body.id !== id) errors.id = [editDetailsMessages.idMismatch];
  if (body.trustCode !== undefined && body.trustCode !== trustCode)
    errors.trustCode = ['The trust code in the body must match the trust code in the address'];
  if (Object.keys(errors).length > 0) throw badRequest('The details are not valid', errors);
  await db.transaction(async (tx) => {
    const pathway = await patientPathway(tx, trustCode, procedureCode, id, true);
    requireActive(pathway);
    await setSurgicalRiskFactors(tx, id, { surgeonName, surgery: surgery!, social: social! });
    await recordChange(tx, {
      principal,
      trustCode,
      trustName: principal.trustName,
      action: 'Updated surgical risk factors',
      entityType: 'patient',
      pathway,
      before: { surgeonName: pathway.surgeon_name, surgery: pathway.surgery, social: pathway.social },
      after: { surgeonName, surgery, social },
    });
  });
  return riskSummary(db, principal, trustCode, procedureCode, id, patientReads.surgicalRiskFactors);
}
