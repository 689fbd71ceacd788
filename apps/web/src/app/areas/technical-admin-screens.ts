/** The technical admin's screen (docs/requirements.md §2 Technical admin): one chunk, loaded by screens.ts. */
export { UploadModelPage } from '../../features/model-upload/components/upload-model-page';
