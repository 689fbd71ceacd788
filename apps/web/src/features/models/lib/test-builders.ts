import type { ModelVersion, Recalibration, TripodCard } from '@esr/contracts/models';

export const testVersionId = '0b5e7a2c-4d1f-4c3a-9e8b-6f2d1a3c5e7b';
export const testRecalibratedId = '7c9d1e3f-5a2b-4c6d-8e0f-1a2b3c4d5e6f';
export const testSupersededId = '1d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a';

/** For tests: a recalibration fitted on 1,204 patients, intercept and slope, with its calibration. */
export const buildRecalibration = (overrides: Partial<Recalibration> = {}): Recalibration => ({
  requested: 'auto',
  method: 'logistic',
  intercept: -0.2143,
  slope: 0.9301,
  baseVersion: 2,
  from: '2025-06-01',
  to: '2026-05-31',
  n: 1204,
  events: 131,
  tests: {
    logisticVsNone: { statistic: 12.3, pValue: 0.002 },
    interceptVsNone: { statistic: 8.1, pValue: 0.004 },
    slopeVsIntercept: { statistic: 4.2, pValue: 0.04 },
  },
  before: { intercept: 0.2112, slope: 0.9264, oe: 1.1795 },
  after: { intercept: 0.0031, slope: 1.0042, oe: 1.0004 },
  ...overrides,
});

/** For tests: version 2 of the knee model, uploaded, active, with outcomes; tests override the rest. */
export const buildModelVersion = (overrides: Partial<ModelVersion> = {}): ModelVersion => ({
  id: testVersionId,
  version: 2,
  status: 'active',
  isActive: true,
  modelType: 'GradientBoostingClassifier',
  modelFileName: 'model.pkl',
  wrapperFileName: 'wrapper.pkl',
  modelSha256: '3a7bd3e2360a3d29eea436fcfb7e44c735d117c42d1c1835420b6b9942dd4f1b',
  uploadedBy: 'Ravi Patel',
  uploadedAt: '2026-03-14T10:02:11Z',
  source: 'uploaded',
  baseVersion: null,
  smokeTest: 'passed',
  pathwaysScored: 1873,
  localPerformance: { n: 412, events: 131, oe: 1.1314, auroc: 0.7123, enoughEvents: true },
  activatedAt: '2026-03-14T10:02:11Z',
  activatedBy: 'Ravi Patel',
  createdByYou: false,
  proposal: null,
  declined: null,
  recalibration: null,
  ...overrides,
});

/** For tests: version 3, recalibrated from version 2 by Ravi Patel, who proposed it: awaiting approval. */
export const buildRecalibratedVersion = (overrides: Partial<ModelVersion> = {}): ModelVersion =>
  buildModelVersion({
    id: testRecalibratedId,
    version: 3,
    status: 'awaiting approval',
    isActive: false,
    modelSha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
    uploadedAt: '2026-06-02T08:30:00Z',
    source: 'recalibrated',
    baseVersion: 2,
    pathwaysScored: 0,
    localPerformance: null,
    activatedAt: null,
    activatedBy: null,
    proposal: { by: 'Ravi Patel', at: '2026-06-02T08:30:00Z', byYou: false },
    recalibration: buildRecalibration(),
    ...overrides,
  });

/** For tests: version 1, uploaded, active once, then replaced by version 2. */
export const buildSupersededVersion = (overrides: Partial<ModelVersion> = {}): ModelVersion =>
  buildModelVersion({
    id: testSupersededId,
    version: 1,
    status: 'superseded',
    isActive: false,
    uploadedBy: 'Demonstration model (system)',
    uploadedAt: '2026-01-05T16:45:09Z',
    activatedAt: '2026-01-05T16:45:09Z',
    activatedBy: 'Demonstration model (system)',
    pathwaysScored: 250,
    localPerformance: { n: 98, events: 9, oe: 0.8412, auroc: 0.6871, enoughEvents: false },
    ...overrides,
  });

/** For tests: a version Sam Okafor declined, saying why. */
export const testDeclined = {
  by: 'Sam Okafor',
  at: '2026-06-03T09:15:00Z',
  reason: 'The validation report does not cover patients over 85.',
};

/** For tests: the card of version 3 (recalibrated), with local figures and groups. */
export const buildTripodCard = (overrides: Partial<TripodCard> = {}): TripodCard => ({
  id: testRecalibratedId,
  procedureCode: 'knee',
  procedureName: 'Knee replacement',
  version: 3,
  name: 'Knee complications model',
  modelVersion: '1.2.0',
  demonstration: true,
  label: 'Demonstration model (synthetic data) — not for clinical use',
  isActive: false,
  source: 'recalibrated',
  baseVersion: 2,
  uploadedBy: 'Ravi Patel',
  uploadedAt: '2026-06-02T08:30:00Z',
  modelSha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
  wrapperSha256: '2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae',
  modelType: 'GradientBoostingClassifier',
  library: 'scikit-learn 1.5.2',
  intendedUse: 'To estimate the risk of any complication within 90 days of knee replacement.',
  intendedUsers: 'Clinicians and clerical staff prioritising the waiting list.',
  outcome: 'Any complication',
  timeFrame: 'Within 90 days of surgery',
  population: 'Primary knee replacement (OPCS-4 W40), ages 18 to 100',
  tripodItems: [{ item: 'Outcome and its time frame', reported: true, detail: 'Outcome and time frame' }],
  predictors: [
    { name: 'age', displayName: 'Age', unit: 'years', defaultWhenMissing: 70, modifiable: false },
    {
      name: 'bmi',
      displayName: 'Body mass index',
      unit: 'kg/m²',
      defaultWhenMissing: null,
      modifiable: true,
    },
  ],
  thresholds: { high: 0.2, moderate: 0.075 },
  developmentData: {
    description: 'Synthetic cohort generated by ml/cohort.py',
    size: 8000,
    notes: null,
  },
  developmentPerformance: { auroc: 0.7311, brier: 0.0612, calibrationSlope: 0.98 },
  localPerformance: {
    n: 412,
    events: 31,
    oe: { ratio: 1.1314, lower: 0.7702, upper: 1.6071 },
    auroc: { value: 0.7123, lower: 0.6501, upper: 0.7746 },
    calibrationIntercept: -0.0449,
    calibrationSlope: 0.938,
    brier: 0.06149,
    enoughEvents: false,
    groups: [
      { by: 'sex', group: 'F', n: 230, oe: 1.42, auroc: 0.64, flagged: true },
      { by: 'sex', group: 'M', n: 175, oe: 0.91, auroc: 0.73, flagged: false },
      { by: 'sex', group: 'unknown', n: 'hidden', oe: null, auroc: null, flagged: false },
    ],
  },
  limitations: ['Trained on synthetic data only.', 'Not validated for revision surgery.'],
  updates: ['Version 3 recalibrated from version 2 on 02-Jun-2026.'],
  recalibration: buildRecalibration(),
  ...overrides,
});
