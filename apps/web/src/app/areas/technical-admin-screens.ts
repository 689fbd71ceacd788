/**
 * The model governance screens (docs/requirements.md §2 Technical admin; decision 0046, a model's
 * versions; decision 0060, their approval by a clinical safety officer): one chunk, loaded by
 * screens.ts.
 */
export { UploadModelPage } from '../../features/models/components/upload-model-page';
export { ModelVersionsRedirect } from '../../features/models/components/model-versions-redirect';
export { ModelCardPage } from '../../features/models/components/model-card-page';
export { ProposeModelVersionPage } from '../../features/models/components/propose-version-page';
export { ApproveModelVersionPage } from '../../features/models/components/approve-version-page';
export { RecalibrateModelVersionPage } from '../../features/models/components/recalibrate-version-page';
