/** What the library module offers the rest of the API; nothing else of it is imported from outside. */
export { procedureName } from './procedures.js';
