/** What the pathways module offers the rest of the API; nothing else of it is imported from outside. */
export {
  activeColumns,
  activeConditions,
  archivedColumns,
  countActive,
  missingInputsSql,
  scoringStateOf,
  toActiveRecord,
} from './open-pathways.js';
export type { ActiveRow, ArchivedRow, RecordRow, ScoringStateRow } from './open-pathways.js';
export { procedureCounters, waitingListDashboard } from './pathways.js';
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
