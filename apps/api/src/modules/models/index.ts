/** What the models module offers the rest of the API; nothing else of it is imported from outside. */
export { activeRiskModel, installDefaultModels, riskModelById } from './models.js';
