/** What the monitoring module offers the rest of the API; nothing else of it is imported from outside. */
export { versionOutcomes } from './model-performance.js';
export * from './figures/index.js';
