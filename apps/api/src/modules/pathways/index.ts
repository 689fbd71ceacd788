/** What the pathways module offers the rest of the API; nothing else of it is imported from outside. */
export {
  activeColumns,
  activeConditions,
  archivedColumns,
  countActive,
  missingInputsSql,
  predictionOf,
  scoringStateOf,
  toActiveRecord,
} from './open-pathways.js';
export type { ActiveRow, ArchivedRow, RecordRow, ScoringStateRow } from './open-pathways.js';
