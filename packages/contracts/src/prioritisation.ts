import type { Prediction } from './open-pathways.js';

// Prioritisation (docs/prioritisation.md, decision 0044), in one import for both apps: the rules
// (codes, wait bands, flags), the pathway's forms, the worklist with its matrix and equity tables,
// and the pathway's own page each have a file of their own.
export * from './prioritisation-rules.js';
export * from './prioritisation-forms.js';
export * from './prioritisation-worklist.js';
export * from './prioritisation-pathway.js';

/** The band a stored prediction shows as, for the screens (re-exported for one import). */
export type { Prediction };
