import { describe, expect, it } from 'vitest';
import {
  bandOfStored,
  compareBands,
  predictionOf,
  predictions,
  riskLabels,
  storedBandOf,
  storedBands,
} from './risk-band.js';

describe('the risk band codec', () => {
  it('reads back every band it stores, and labels each', () => {
    for (const band of predictions) {
      expect(bandOfStored(storedBandOf[band])).toBe(band);
      expect(riskLabels[band]).toMatch(/ risk$/);
    }
    expect(predictions.map((band) => storedBandOf[band])).toEqual([...storedBands]);
  });

  it('reads anything else as no band', () => {
    for (const stored of [null, undefined, '', 'high', 'Medium', 'LOW', 0])
      expect(bandOfStored(stored)).toBeNull();
  });

  it('reads a band as the API names it, and nothing else', () => {
    for (const band of predictions) expect(predictionOf(band)).toBe(band);
    for (const value of [null, undefined, '', 'High', 'Moderate', 'moderate', 'LOW', 0])
      expect(predictionOf(value)).toBeNull();
  });

  it('orders the bands from high to low risk', () => {
    expect(compareBands('high', 'medium')).toBeGreaterThan(0);
    expect(compareBands('medium', 'low')).toBeGreaterThan(0);
    expect(compareBands('low', 'high')).toBeLessThan(0);
    for (const band of predictions) expect(compareBands(band, band)).toBe(0);
  });
});
