/** What the outcomes module offers the rest of the API; nothing else of it is imported from outside. */
export { outcomeVersion, recordOutcomes, type OutcomeToRecord } from './outcome-writer.js';
export { validateOutcomesJob } from './validate-outcomes-job.js';
export { startDemoOutcomes } from './demo-outcomes.js';
