/** What the access-log module offers the rest of the API; nothing else of it is imported from outside. */
export {
  patientAccessInsert,
  recordPatientAccess,
  routeOf,
  streamedAccess,
  type AccessAction,
  type PatientAccess,
  type StreamedAccess,
} from './access-log.js';
