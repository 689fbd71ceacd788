import type { ModelPerformance, NationalPerformance } from '@esr/contracts/model-performance';

/** A whole figures answer for the tests, with `changes` over it. */
export function figuresOf(changes: Partial<ModelPerformance> = {}): ModelPerformance {
  return {
    procedure: 'knee',
    from: null,
    to: null,
    modelVersion: null,
    modelVersions: [
      { modelVersion: 3, active: true, n: 300 },
      { modelVersion: 2, active: false, n: 112 },
    ],
    n: 412,
    events: 31,
    expected: 27.4,
    observedRate: 31 / 412,
    meanPredicted: 27.4 / 412,
    oe: { ratio: 1.1314, lower: 0.7702, upper: 1.6071 },
    calibrationIntercept: -0.0449,
    calibrationSlope: 0.938,
    auroc: { value: 0.7123, lower: 0.6501, upper: 0.7746 },
    brier: 0.06149,
    enoughEvents: false,
    excluded: 5,
    pending: { count: 0, notKnownYet: 0, nextCountOn: null, nextCount: 0 },
    bands: [
      { band: 'High', n: 40, events: 9, observedRate: 0.225, meanPredicted: 0.2 },
      { band: 'Moderate', n: 120, events: 12, observedRate: 0.1, meanPredicted: 0.09 },
      { band: 'Low', n: 252, events: 10, observedRate: 10 / 252, meanPredicted: 0.03 },
    ],
    deciles: Array.from({ length: 10 }, (_, index) => ({
      decile: index + 1,
      n: 41,
      events: index + 1,
      meanPredicted: 0.01 + index * 0.02,
      observedRate: (index + 1) / 41,
      lower: Math.max(0, (index + 1) / 41 - 0.04),
      upper: (index + 1) / 41 + 0.05,
    })),
    vlad: Array.from({ length: 40 }, (_, index) => ({
      date: `2026-0${1 + Math.floor(index / 14)}-${String(1 + (index % 14) * 2).padStart(2, '0')}`,
      n: 2,
      cumulativeExpected: (index + 1) * 0.7,
      cumulativeObserved: Math.round((index + 1) * 0.8),
      value: (index + 1) * 0.7 - Math.round((index + 1) * 0.8),
    })),
    cusum: {
      targetRunLength: 5000,
      caseMix: 412,
      worse: {
        direction: 'worse',
        oddsRatio: 2,
        threshold: 4.03,
        signals: [{ date: '2026-03-14', acknowledgement: null }],
        points: [
          { date: '2026-03-01', value: 1.2, peak: 1.5 },
          { date: '2026-03-14', value: 0, peak: 4.6 },
        ],
      },
      better: {
        direction: 'better',
        oddsRatio: 0.5,
        threshold: 3.68,
        signals: [],
        points: [
          { date: '2026-03-01', value: 0, peak: 0.2 },
          { date: '2026-03-14', value: 0, peak: 0 },
        ],
      },
    },
    openSignals: [{ direction: 'worse', date: '2026-03-14' }],
    suspension: null,
    adjustments: {
      adjusted: 12,
      adjustedUp: { n: 7, events: 2, observedRate: 2 / 7 },
      adjustedDown: { n: 5, events: 0, observedRate: 0 },
    },
    ...changes,
  };
}

export const national: NationalPerformance = {
  procedure: 'knee',
  trusts: [
    {
      trustCode: 'RAN',
      trustName: 'Royal Anywhere',
      n: 412,
      events: 31,
      expected: 27.4,
      oe: 1.13,
      limits: { lower95: 0.66, upper95: 1.41, lower998: 0.5, upper998: 1.66 },
      outlier: null,
    },
    {
      trustCode: 'RBB',
      trustName: 'Bay Hospitals',
      n: 300,
      events: 40,
      expected: 18.2,
      oe: 2.2,
      limits: { lower95: 0.58, upper95: 1.5, lower998: 0.42, upper998: 1.8 },
      outlier: 'high',
    },
  ],
  overdispersion: { phi: 1.8, inflated: true },
  funnel: [
    { expected: 5, lower95: 0.3, upper95: 1.9, lower998: 0.1, upper998: 2.8 },
    { expected: 30, lower95: 0.66, upper95: 1.38, lower998: 0.5, upper998: 1.64 },
  ],
};
