/** What the prediction-suspension module offers the rest of the API; nothing else of it is imported from outside. */
export {
  predictionSuspension,
  shownScoringColumns,
  shownStatusSql,
  suspendedOnSql,
  suspendedSql,
} from './suspension-reads.js';
