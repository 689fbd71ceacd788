import type { ReactNode } from 'react';
import { recordStatusLabels, riskLabels } from '@esr/contracts/open-pathways';
import { percentage } from '@esr/contracts/patient-wording';
import type { PathwayPrioritisation } from '@esr/contracts/prioritisation';
import { DataText } from '../../../components/data-text';
import { formatDate } from '../../../lib/dates';
import { priorityText } from '../lib/prioritisation-display';

/**
 * A pathway's prioritisation values as the risk summary and the prioritisation forms show them
 * (decision 0044). Names typed by users and reasons are isolated (decision 0043).
 */

/**
 * The current priority, who set it and when, or that it came from the waiting list; `tag` (the
 * Breached tag) follows the priority itself.
 */
export function CurrentPriority({ pathway, tag }: { pathway: PathwayPrioritisation; tag?: ReactNode }) {
  if (!pathway.priority) return <>{priorityText(null)}</>;
  return (
    <>
      {priorityText(pathway.priority)}
      {tag}
      <span className="app-record-detail">
        {pathway.prioritySetBy ? (
          <>
            Set by <DataText text={pathway.prioritySetBy} />
            {pathway.priorityDate && ` on ${formatDate(pathway.priorityDate)}`}
          </>
        ) : (
          `From the waiting list${pathway.priorityDate ? `, dated ${formatDate(pathway.priorityDate)}` : ''}`
        )}
      </span>
    </>
  );
}

/** The model's band and probability: "Moderate risk (34.0%)", or that the model has not scored it. */
export const modelRiskText = (
  pathway: Pick<PathwayPrioritisation, 'prediction' | 'probability' | 'riskStatus'>,
) =>
  pathway.prediction
    ? `${riskLabels[pathway.prediction]}${pathway.probability === null ? '' : ` (${percentage(pathway.probability)})`}`
    : // Incomplete or outside the model's population, in words (decision 0057).
      (pathway.riskStatus ?? 'Not scored by the model');

/**
 * The model's prediction as a sentence: "The model’s prediction: Moderate risk (34.0%)", or the
 * suspension as it is said everywhere (decision 0063), which names no prediction.
 */
export const modelPredictionText = (
  pathway: Pick<PathwayPrioritisation, 'prediction' | 'probability' | 'riskStatus'>,
) =>
  !pathway.prediction && pathway.riskStatus?.startsWith(recordStatusLabels.suspended)
    ? pathway.riskStatus
    : `The model’s prediction: ${modelRiskText(pathway)}`;

/** The model's prediction, then the clinician's view beside it when one is recorded. */
export function RiskValue({ pathway }: { pathway: PathwayPrioritisation }) {
  const adjustment = pathway.adjustment;
  return (
    <>
      <span>{modelPredictionText(pathway)}</span>
      {adjustment && (
        <>
          <strong className="app-record-detail app-record-detail--strong">
            Clinician’s view: {riskLabels[adjustment.prediction]}
          </strong>
          <span className="app-record-detail">
            Reason: <DataText text={adjustment.reason} />
          </span>
          <span className="app-record-detail">
            Recorded by <DataText text={adjustment.by} /> on {formatDate(adjustment.on)}
          </span>
        </>
      )}
    </>
  );
}
