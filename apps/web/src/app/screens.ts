import type { ComponentType } from 'react';
import { UploadModelPage } from '../features/model-upload/components/upload-model-page';

/** The screens built so far, by route pattern; every other guarded route shows its placeholder. */
export const screens: Record<string, ComponentType> = {
  '/upload-model': UploadModelPage,
};
