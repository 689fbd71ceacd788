/** What the lab-results module offers the rest of the API; nothing else of it is imported from outside. */
export { applyKeptResultsJob, keptResultsKey } from './apply-kept-results-job.js';
export {
  applyResults,
  birthDateRefusal,
  keepResults,
  resultKeepingDays,
  type BirthDateRefusal,
  type KeptResult,
} from './received-results.js';
