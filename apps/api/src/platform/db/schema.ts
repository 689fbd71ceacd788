// One object of every table, for drizzle's relational queries and the migrator.
export * from './schema/trusts.js';
export * from './schema/users.js';
export * from './schema/roles.js';
export * from './schema/procedures.js';
export * from './schema/form-options.js';
export * from './schema/change-log.js';
export * from './schema/app-settings.js';
export * from './schema/models.js';
export * from './schema/user-counts.js';
export * from './schema/trust-directory.js';
export * from './schema/import-batches.js';
export * from './schema/pathways.js';
export * from './schema/evaluations.js';
export * from './schema/patient-access-log.js';
export * from './schema/outcomes.js';
export * from './schema/integration.js';
export * from './schema/optimisation.js';
