import type { ProcedureCode } from '@esr/contracts/procedures';

const encode = encodeURIComponent;
const patientsBase = (trust: string) => `/api/trusts/${encode(trust)}/patients`;
const patientBase = (trust: string, type: ProcedureCode, id: string) =>
  `/api/trusts/${encode(trust)}/procedures/${encode(type)}/patients/${encode(id)}`;

/** spec §7: the patient calls, under the signed-in user's trust (spec §1). */
export const patientUrls = {
  search: (trust: string) => `${patientsBase(trust)}/`,
  riskSummary: (trust: string, type: ProcedureCode, id: string) =>
    `${patientBase(trust, type, id)}/risk-summary/`,
  riskSummaryExport: (trust: string, type: ProcedureCode, id: string) =>
    `${patientBase(trust, type, id)}/risk-summary/export`,
  riskHistory: (trust: string, type: ProcedureCode, id: string) =>
    `${patientBase(trust, type, id)}/risk-summary/history`,
  historyEntry: (trust: string, type: ProcedureCode, id: string, historyId: string) =>
    `${patientBase(trust, type, id)}/history/${encode(historyId)}`,
  historyEntryExport: (trust: string, type: ProcedureCode, id: string, historyId: string) =>
    `${patientBase(trust, type, id)}/history/${encode(historyId)}/export`,
  markAnomaly: (trust: string, type: ProcedureCode, id: string) =>
    `${patientBase(trust, type, id)}/mark/anomaly/`,
  surgicalRiskFactors: (trust: string, type: ProcedureCode, id: string) =>
    `${patientBase(trust, type, id)}/surgical-risk-factors/`,
  remodelRecord: (trust: string, type: ProcedureCode, id: string) => patientBase(trust, type, id),
  /** The same for every trust: the readiness and social option lists. */
  surgicalRiskFactorOptions: () => '/api/form-data/surgical-risk-factors',
};
