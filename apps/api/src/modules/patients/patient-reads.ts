/**
 * What each patient call read, and the route it answered, for the access log (decision 0042).
 */
import { endpoints } from '@esr/contracts/endpoints';
import { type Db } from '../../platform/db/client.js';
import { type Permission } from '../identity/index.js';
import type { Principal } from '../identity/index.js';
import { recordPatientAccess, routeOf, type AccessAction } from '../access-log/index.js';

/** What a patient call read, and the route it answered, for the access log (decision 0042). */
export interface PatientRead {
  action: AccessAction;
  route: string;
  /** Who may read it: a person of the trust unless said (an integration client's read, decision 0047). */
  permission?: Permission;
}

export const read = (action: AccessAction, endpoint: { method: string; path: string }): PatientRead => ({
  action,
  route: routeOf(endpoint),
});

/** Every read of the patient calls; an edit and a remodel answer with the summary they leave. */
export const patientReads = {
  lookup: read('lookup', endpoints.patients.search),
  summary: read('risk-summary', endpoints.patients.riskSummary),
  summaryPdf: read('summary-pdf', endpoints.patients.riskSummaryExport),
  history: read('history', endpoints.patients.riskHistory),
  historyEntry: read('history-entry', endpoints.patients.historyEntry),
  historyPdf: read('history-pdf', endpoints.patients.historyEntryExport),
  record: read('record', endpoints.patients.remodelRecord),
  remodel: read('risk-summary', endpoints.patients.remodel),
  surgicalRiskFactors: read('risk-summary', endpoints.patients.surgicalRiskFactors),
  reviewChanges: read('changes-review', endpoints.patients.reviewChanges),
  identityCorrection: read('identity-correction', endpoints.patients.identityCorrection),
} satisfies Record<string, PatientRead>;

/** Writes who read which of the trust's pathways, and what. */
export const recordRead = (
  db: Db,
  principal: Principal,
  trustCode: string,
  { action, route }: PatientRead,
  pathwayIds: string[],
  evaluationId: string | null = null,
) => recordPatientAccess(db, principal, { trustCode, route, action, pathwayIds, evaluationId });
