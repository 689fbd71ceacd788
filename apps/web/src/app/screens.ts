import type { ComponentType } from 'react';

/** The screens built so far, by route pattern; every other guarded route shows its placeholder. */
export const screens: Record<string, ComponentType> = {};
