/** What the integration module offers the rest of the API; nothing else of it is imported from outside. */
export { startHl7Listener } from './hl7-listener.js';
