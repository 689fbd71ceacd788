/** What the patients module offers the rest of the API; nothing else of it is imported from outside. */
export { historyEntry } from './history.js';
export type { PatientRead } from './patient-reads.js';
export { riskSummary } from './risk-summary.js';
