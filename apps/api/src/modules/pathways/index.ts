/** What the pathways module offers the rest of the API; nothing else of it is imported from outside. */
export { activeConditions, countActive } from './active-list.js';
export {
  activeColumns,
  archivedColumns,
  missingInputsSql,
  predictionOf,
  scoringStateOf,
  toActiveRecord,
  type ActiveRow,
  type ArchivedRow,
  type RecordRow,
  type ScoringStateRow,
} from './record-rows.js';
