import type { ComponentType } from 'react';
import { UploadModelPage } from '../../features/model-upload/components/upload-model-page';

/** The technical admin's screen (spec §2 Technical admin). */
export const screens: Record<string, ComponentType> = {
  '/upload-model': UploadModelPage,
};
