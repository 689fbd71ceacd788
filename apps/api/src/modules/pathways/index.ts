/** What the pathways module offers the rest of the API; nothing else of it is imported from outside. */
export { activeConditions, countActive } from './active-list.js';
export {
  activeColumns,
  archivedColumns,
  missingInputsSql,
  scoringStateOf,
  toActiveRecord,
} from './record-rows.js';
export type {
  ActiveRow,
  ArchivedRow,
  PatientIdentityColumns,
  RecordRow,
  ScoringStateRow,
} from './record-rows.js';
export {
  acceptDateOfBirth,
  archivePathway,
  findPathway,
  inputsHashOf,
  recordScoring,
  setClericalChangeUnreviewed,
  setSurgicalRiskFactors,
  setWaiting,
  writeClinicalRecord,
} from './pathway-records.js';
export type { PathwayKey, PathwayScoring } from './pathway-records.js';
export {
  applyPrioritisationHistory,
  recordHarmReview,
  recordValidationDay,
  setAdjustedPrediction,
  setPostponedFrom,
  setPriority,
} from './pathway-priorities.js';
export type { PrioritisationHistoryUpdate } from './pathway-priorities.js';
export {
  archiveUnlisted,
  insertDemonstrationPathways,
  matchedPathwaysUpdate,
  newPathwaysInsert,
  operatedPathwaysUpdate,
  scoredPathwaysUpdate,
} from './list-writes.js';
export type { ConfirmedRows } from './list-writes.js';
