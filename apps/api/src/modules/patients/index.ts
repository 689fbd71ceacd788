/** What the patients module offers the rest of the API; nothing else of it is imported from outside. */
export { historyEntry, riskSummary, type PatientRead } from './patients.js';
