/**
 * The technical admin's screens (docs/requirements.md §2 Technical admin; decision 0046, a model's
 * versions): one chunk, loaded by screens.ts.
 */
export { UploadModelPage } from '../../features/model-upload/components/upload-model-page';
export { ModelVersionsRedirect } from '../../features/model-upload/components/model-versions-redirect';
export { ModelCardPage } from '../../features/model-upload/components/model-card-page';
export { ActivateModelVersionPage } from '../../features/model-upload/components/activate-version-page';
export { RecalibrateModelVersionPage } from '../../features/model-upload/components/recalibrate-version-page';
