/** What the optimisation module offers the rest of the API; nothing else of it is imported from outside. */
export { closeFactorsMetByNewValues, type ScoredChange } from './factor-review.js';
export {
  refreshFactorsOf as refreshPathwayFactors,
  ensureListFactors,
  optimisationOpenSql,
} from './factor-states.js';
export { startDemoOptimisation } from './demo-optimisation.js';
export { referralsOf, type Referral } from './pathway-optimisation.js';
export { factorsFound, trustOptimisation } from './trust-optimisation.js';
