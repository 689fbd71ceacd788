/** What the evaluations module offers the rest of the API; nothing else of it is imported from outside. */
export { unpackContributions } from './contributions.js';
export {
  copyEvaluationsAsOf,
  evaluationInsert,
  evaluationInsertParams,
  markClericalChange,
  recordEvaluation,
  reviewClericalChanges,
  setAnomalyFlag,
  type EvaluationCopy,
} from './evaluation-writer.js';
export { inferBatchJob, scoringKey } from './infer-batch-job.js';
export {
  activeModelVersion,
  bloodResultMaxAgeDays,
  evaluationColumns,
  evaluationDay,
  evaluationStateColumns,
  fieldsAtFault,
  nextTurn,
  pathwayStateColumns,
  recordInferenceRun,
  scoreForWriting,
  scoreRecords,
  scoringChunk,
  started,
  type ModelVersion,
  type RecordToScore,
  type ScoredState,
  type ScoringScope,
} from './scoring.js';
export { requestScoringWherePending } from './scoring-requests.js';
export {
  daysBefore,
  defaultBloodResultMaxAgeDays,
  prepareRecord,
  type LabDates,
} from './model-safeguards.js';
