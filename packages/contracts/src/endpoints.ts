import { accessLog } from './endpoints/access-log.js';
import { changeLog, dashboards } from './endpoints/admin.js';
import { dataFreshness } from './endpoints/data-freshness.js';
import { identity } from './endpoints/identity.js';
import { integration } from './endpoints/integration.js';
import { integrationClients } from './endpoints/integration-clients.js';
import { library } from './endpoints/library.js';
import { modelPerformance } from './endpoints/model-performance.js';
import { models } from './endpoints/models.js';
import { openPathways } from './endpoints/open-pathways.js';
import { operations } from './endpoints/operations.js';
import { optimisation } from './endpoints/optimisation.js';
import { outcomes } from './endpoints/outcomes.js';
import { patients } from './endpoints/patients.js';
import { predictionSuspension } from './endpoints/prediction-suspension.js';
import { prioritisation } from './endpoints/prioritisation.js';
import { scoring } from './endpoints/scoring.js';
import { trusts } from './endpoints/trusts.js';
import { users } from './endpoints/users.js';
import { waitingList } from './endpoints/waiting-list.js';

export * from './endpoint.js';

/**
 * Every API endpoint (docs/requirements.md §7), by area: the API registers its routes from this
 * table and the web app makes its calls from it, so each path is written once.
 */
export const endpoints = {
  operations,
  identity,
  library,
  models,
  trusts,
  users,
  dashboards,
  changeLog,
  accessLog,
  waitingList,
  openPathways,
  patients,
  prioritisation,
  optimisation,
  outcomes,
  modelPerformance,
  predictionSuspension,
  scoring,
  dataFreshness,
  integration,
  integrationClients,
};
