/**
 * A prediction's risk band in its three forms, in one place for every layer: as the database stores
 * it (the risk engine's word: High, Moderate, Low), as the API and the filters send it (high,
 * medium, low: docs/requirements.md §3), and as the screens show it (High risk, Moderate risk,
 * Low risk).
 */
import { z } from 'zod';

/** docs/requirements.md §3 prediction values as the filters send them, highest risk first; shown as riskLabels. */
export const predictions = ['high', 'medium', 'low'] as const;
export const predictionSchema = z.enum(predictions);
export type Prediction = z.infer<typeof predictionSchema>;

/** The risk engine's words, as the `prediction` columns of pathways and evaluations hold them, highest risk first. */
export const storedBands = ['High', 'Moderate', 'Low'] as const;
export type StoredBand = (typeof storedBands)[number];

/** How the `prediction` column holds each band. */
export const storedBandOf: Record<Prediction, StoredBand> = {
  high: 'High',
  medium: 'Moderate',
  low: 'Low',
};

/**
 * The band a stored prediction is, as the API names it; null for anything else (no prediction).
 * A caller that must show a band whatever is stored says which with `??`.
 */
export const bandOfStored = (stored: unknown): Prediction | null =>
  stored === 'High' ? 'high' : stored === 'Moderate' ? 'medium' : stored === 'Low' ? 'low' : null;

/** The band a value is when it is one as the API names it (a clinician's adjusted band is kept so); null for anything else. */
export const predictionOf = (value: unknown): Prediction | null =>
  predictions.find((band) => band === value) ?? null;

/** Positive when `band` is a higher risk than `other`, negative when lower, 0 when the same. */
export const compareBands = (band: Prediction, other: Prediction): number =>
  predictions.indexOf(other) - predictions.indexOf(band);

/** docs/requirements.md §3: the risk label of a prediction. */
export const riskLabels: Record<Prediction, string> = {
  high: 'High risk',
  medium: 'Moderate risk',
  low: 'Low risk',
};

/** The NHS.UK tag colour of each band: red draws the eye to the patients who need it most. */
export const riskTagColours: Record<Prediction, 'red' | 'orange' | 'green'> = {
  high: 'red',
  medium: 'orange',
  low: 'green',
};
