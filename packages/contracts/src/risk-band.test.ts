import { describe, expect, it } from 'vitest';
import { bandOfStored, predictions, riskLabels, storedBandOf, storedBands } from './risk-band.js';

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
});
