/**
 * Prioritisation screens (decision 0044): the worklist with its risk × wait matrix, the equity of
 * waits, and the trust's harm-review thresholds; one chunk, loaded by screens.ts.
 */
export { ChoosePrioritisationProcedurePage } from '../../features/prioritisation/components/choose-prioritisation-procedure-page';
export { PrioritisationWorklistPage } from '../../features/prioritisation/components/worklist-page';
export { EquityPage } from '../../features/prioritisation/components/equity-page';
export { PrioritisationSettingsPage } from '../../features/prioritisation/components/settings-page';
export { ChooseOptimisationProcedurePage } from '../../features/optimisation/components/choose-optimisation-procedure-page';
export { OptimisationWorklistPage } from '../../features/optimisation/components/optimisation-worklist-page';
