/**
 * Patient lookup screens (docs/requirements.md §2 Patient screens), shared by clerical users and clinicians: one
 * chunk, loaded by screens.ts. A waiting list admin loads it too, for Record validation (decision 0044)
 * and the optimisation pages (decision 0071).
 */
export { PatientLookupPage } from '../../features/patients/components/patient-lookup-page';
export { RiskSummaryPage } from '../../features/patients/components/risk-summary-page';
export { EditDetailsPage } from '../../features/patients/components/edit-details-page';
export { RemodelPage } from '../../features/patients/components/remodel-page';
export { PreviousEvaluationsPage } from '../../features/patients/components/previous-evaluations-page';
export { HistoryEntryPage } from '../../features/patients/components/history-entry-page';
export { ChangePriorityPage } from '../../features/patients/components/change-priority-page';
export { RecordHarmReviewPage } from '../../features/patients/components/record-harm-review-page';
export { AdjustRiskPage } from '../../features/patients/components/adjust-risk-page';
export { RecordValidationPage } from '../../features/patients/components/record-validation-page';
export { RecordOutcomePage } from '../../features/patients/components/record-outcome-page';
export { ConfirmDateOfBirthPage } from '../../features/patients/components/confirm-date-of-birth-page';
export { OptimisationPage } from '../../features/patients/components/optimisation-page';
export {
  OptimisationReferPage,
  OptimisationProgressPage,
  OptimisationMetPage,
  OptimisationDeclinedPage,
  OptimisationNotPossiblePage,
} from '../../features/patients/components/optimisation-form-pages';
