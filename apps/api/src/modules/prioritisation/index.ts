/** What the prioritisation module offers the rest of the API; nothing else of it is imported from outside. */
export { harmThresholdsOf } from './worklist-settings.js';
export { startDemoPrioritisation } from './demo-prioritisation.js';
