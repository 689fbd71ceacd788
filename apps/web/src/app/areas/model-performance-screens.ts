/**
 * Model performance screens (decision 0045): the model judged against the recorded outcomes, and
 * the trust's CUSUM threshold; one chunk, loaded by screens.ts. The charts' library (recharts) is
 * imported only from here, so that no other screen downloads it.
 */
export { ModelPerformancePage } from '../../features/model-performance/components/model-performance-page';
export { ModelPerformanceSettingsPage } from '../../features/model-performance/components/model-performance-settings-page';
export { AcknowledgeSignalPage } from '../../features/model-performance/components/acknowledge-signal-page';
export { PredictionSuspensionPage } from '../../features/model-performance/components/prediction-suspension-page';
