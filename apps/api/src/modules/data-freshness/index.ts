/** What the data-freshness module offers the rest of the API; nothing else of it is imported from outside. */
export { listDataAsAt } from './data-freshness.js';
