/** What the imports module offers the rest of the API; nothing else of it is imported from outside. */
export { confirmBatchJob } from './confirm/confirm-batch-job.js';
export { demoFirstStartDay, seedDemoWaitingLists } from './demo-waiting-lists.js';
export { resumeInterruptedWork } from './import-recovery.js';
export { importSettingsFor } from './import-settings.js';
export { type ReadingSettings } from './read/import-reading.js';
export { keepImportThreadsReady, startReadingUpload, type FileReading } from './read/import-reading.js';
export { UploadHandoff, type UploadHandoffLimits } from './read/upload-handoff.js';
export { type ClinicalRecord } from './stage/staged-record.js';
export { validateBatchJob } from './stage/validate-batch-job.js';
export { validationJobRuns } from './batch-jobs.js';
export { readImportFile, storeImportFile } from './batch-files.js';
export { batchLifetimeMs, uploadedFileProblem, type ImportSettings } from './waiting-list-imports.js';
export { isBusy } from './service-status.js';
export { invalidRowOf } from './validation-summary.js';
export { warningGroupsOf } from './warning-groups.js';
export { importSandboxLimits } from './stage/import-staging.js';
