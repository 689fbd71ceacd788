/**
 * The model governance screens (docs/requirements.md §2 Technical admin; decision 0046, a model's
 * versions; decision 0060, their approval by a clinical safety officer): one chunk, loaded by
 * screens.ts.
 */
export { UploadModelPage } from '../../features/model-upload/components/upload-model-page';
export { ModelVersionsRedirect } from '../../features/model-upload/components/model-versions-redirect';
export { ModelCardPage } from '../../features/model-upload/components/model-card-page';
export { ProposeModelVersionPage } from '../../features/model-upload/components/propose-version-page';
export { ApproveModelVersionPage } from '../../features/model-upload/components/approve-version-page';
export { RecalibrateModelVersionPage } from '../../features/model-upload/components/recalibrate-version-page';
