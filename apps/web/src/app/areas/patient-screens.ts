import type { ComponentType } from 'react';

/**
 * Patient lookup screens (spec §2 Patient screens), shared by clerical users and clinicians. None
 * is built yet: each route shows its placeholder until its screen is added here.
 */
export const screens: Record<string, ComponentType> = {};
