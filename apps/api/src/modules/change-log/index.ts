/** What the change-log module offers the rest of the API; nothing else of it is imported from outside. */
export { recordChange, type ChangeEntry } from './change-log.js';
export type { PathwayOfChange } from './patient-in-words.js';
