/** What the monitoring module offers the rest of the API; nothing else of it is imported from outside. */
export { openCusumSignals, versionOutcomes } from './model-performance.js';
export * from './figures/index.js';
