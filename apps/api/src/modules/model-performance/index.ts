/** What the model-performance module offers the rest of the API; nothing else of it is imported from outside. */
export { versionOutcomes } from './model-performance.js';
export { openCusumSignals } from './cusum-signals.js';
export * from './figures/index.js';
