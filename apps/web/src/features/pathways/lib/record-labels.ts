import { riskTagColours } from '@esr/contracts/risk-band';
import {
  readinessLabels,
  recordStatusLabels,
  reportFieldLabels,
  socialLabels,
  type ActiveRecord,
  type RecordStatus,
} from '@esr/contracts/open-pathways';

/**
 * Column and filter names: the report's words (reportFieldLabels), so that the table, its filters
 * and the report's fields name a field the same way.
 */
export const recordLabels = {
  nhsNumber: reportFieldLabels.nhsNumber,
  firstName: reportFieldLabels.firstName,
  lastName: reportFieldLabels.lastName,
  operationType: reportFieldLabels.operationType,
  hospitalNumber: reportFieldLabels.hospitalNumber,
  dateOfBirth: reportFieldLabels.dateOfBirth,
  status: reportFieldLabels.status,
  prediction: reportFieldLabels.prediction,
  tciDate: reportFieldLabels.tciDate,
  surgeonName: reportFieldLabels.surgeonName,
  referralDate: reportFieldLabels.referralDate,
  social: reportFieldLabels.social,
  surgery: reportFieldLabels.surgery,
  // Decision 0057: records whose model was given a default for an input they lack.
  missingInputs: 'Missing inputs',
  tciPassed: 'TCI date passed',
} as const;

export const statusText = (status: RecordStatus) => recordStatusLabels[status];

export const readinessText = (value: ActiveRecord['surgery']) => (value ? readinessLabels[value] : '');
export const socialText = (value: ActiveRecord['social']) => (value ? socialLabels[value] : '');

/** The NHS.UK tag colour of each risk: red draws the eye to the patients who need it most. */
export const predictionColour = riskTagColours;
