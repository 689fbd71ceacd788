/**
 * Patient lookup screens (spec §2 Patient screens), shared by clerical users and clinicians: one
 * chunk, loaded by screens.ts. None is built yet; each route shows its placeholder until then.
 */
export {};
