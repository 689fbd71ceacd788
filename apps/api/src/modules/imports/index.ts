/** What the imports module offers the rest of the API; nothing else of it is imported from outside. */
export { confirmBatchJob } from './confirm/confirm-batch-job.js';
export { seedDemoWaitingLists } from './demo-waiting-lists.js';
export { resumeInterruptedWork } from './import-recovery.js';
export { importSettingsFor } from './import-settings.js';
export { keepImportThreadsReady, startReadingUpload, type FileReading } from './read/import-reading.js';
export { UploadHandoff, type UploadHandoffLimits } from './read/upload-handoff.js';
export { type ClinicalRecord } from './stage/staged-record.js';
export { validateBatchJob } from './stage/validate-batch-job.js';
export { isBusy } from './waiting-list-imports.js';
