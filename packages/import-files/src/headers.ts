// The columns of each kind of file and the names extracts give them (headers-waiting-list.ts,
// headers-blood-tests.ts, headers-outcomes.ts), and how a header row is matched to them
// (header-matching.ts), in the one import the readers and the API use.
export * from './headers-waiting-list.js';
export * from './headers-blood-tests.js';
export * from './headers-outcomes.js';
export * from './header-matching.js';
