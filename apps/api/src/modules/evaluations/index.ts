/** What the evaluations module offers the rest of the API; nothing else of it is imported from outside. */
export { unpackContributions } from './contributions.js';
export {
  copyEvaluationsAsOf,
  evaluationInsert,
  evaluationInsertParams,
  recordEvaluation,
  type EvaluationCopy,
} from './evaluation-writer.js';
export { inferBatchJob, scoringKey } from './infer-batch-job.js';
export {
  activeModelVersion,
  evaluationColumns,
  evaluationDay,
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
} from './scoring.js';
export { requestScoringWherePending } from './scoring-requests.js';
