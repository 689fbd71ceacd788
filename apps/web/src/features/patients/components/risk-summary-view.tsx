import type { ReactNode } from 'react';
import { demonstrationModelLabel, messages } from '@esr/contracts/messages';
import {
  anomalyReasonText,
  modelVersionText,
  recalibratedModelNote,
  surgicalRiskFactorNotKept,
  type FeatureImportanceItem,
  type HistoryEntry,
  type RiskResult,
  type RiskSummary,
} from '@esr/contracts/patients';
import { importFieldLabels } from '@esr/contracts/waiting-list';
import {
  InsetText,
  SummaryList,
  Table,
  Tag,
  WarningCallout,
  type SummaryRow,
} from '../../../components/content';
import { DataText } from '../../../components/data-text';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { formatNhsNumber } from '../../../lib/nhs-number';
import {
  bloodResultText,
  defaultsUsedIntro,
  defaultUsedText,
  factorValueText,
  incompleteProbabilityNote,
  incompleteText,
  notScoredText,
  staleInputText,
  importanceLabels,
  outsideModelRangeHeading,
  outsideModelRangeIntro,
  outsideModelRangeText,
  percentage,
} from '@esr/contracts/patient-wording';
import { factorLabel } from '@esr/contracts/remodel';
import { reasonLabels, riskColour, riskLabelOf } from '../lib/display-values';
import type { RiskFactorLabels } from '../lib/risk-factor-labels';
import { whatChanged, type ChangeLine } from '../lib/what-changed';
import { ClericalChangeNote } from './clerical-change-note';
import { ContributionsChart } from './contributions-chart';
import { personName } from './patient-screen';
import { suspendedText } from '@esr/contracts/prediction-suspension';

type PatientHeader = Pick<
  RiskSummary,
  'nhsNumber' | 'medicalRecordNumber' | 'firstName' | 'lastName' | 'dateOfBirth' | 'operationType'
>;

const orNotKnown = (value: string | null | undefined) => value || 'Not recorded';
/** A value from the data, isolated (decision 0043), or 'Not recorded'. */
const dataOrNotKnown = (value: string | null | undefined) =>
  value ? <DataText text={value} /> : 'Not recorded';

/** The reason given with an anomaly flag, the reason isolated (decision 0043). */
export function AnomalyReason({ reason }: { reason: string }) {
  return (
    <>
      {anomalyReasonText('')}
      <DataText text={reason} />
    </>
  );
}

/** The patient's details at the top of the patient screens (docs/requirements.md §2 patient header). */
export function patientRows(patient: PatientHeader, procedureName: string): SummaryRow[] {
  return [
    { key: 'Name', value: dataOrNotKnown(personName(patient)) },
    { key: 'NHS number', value: orNotKnown(formatNhsNumber(patient.nhsNumber)) },
    { key: 'Local patient identifier', value: dataOrNotKnown(patient.medicalRecordNumber) },
    { key: 'Date of birth', value: orNotKnown(formatDate(patient.dateOfBirth)) },
    { key: 'Type of operation', value: procedureName },
  ];
}

/** Which surgeon, readiness and social aspects a screen shows: today's, or a past evaluation's (decision 0039). */
type SurgicalRiskFactorsShown = HistoryEntry['surgicalRiskFactorsShown'];

function surgicalRows(
  summary: RiskSummary,
  labels: RiskFactorLabels,
  shown: SurgicalRiskFactorsShown,
): SummaryRow[] {
  if (shown === 'not-kept')
    return ['Consultant surgeon', 'Readiness for surgery', 'Social aspects'].map((key) => ({
      key,
      value: surgicalRiskFactorNotKept,
    }));
  return [
    { key: 'Consultant surgeon', value: dataOrNotKnown(summary.surgeonName) },
    {
      key: 'Readiness for surgery',
      value: orNotKnown(summary.surgery && (labels.surgery[summary.surgery] ?? summary.surgery)),
    },
    {
      key: 'Social aspects',
      value: orNotKnown(summary.social && (labels.social[summary.social] ?? summary.social)),
    },
  ];
}

/**
 * docs/requirements.md §8 anomaly banner: an NHS.UK notification banner above the result, with the reason
 * given when it was flagged (decision 0039).
 */
export function AnomalyBanner({ reason }: { reason: string | null }) {
  return (
    <div className="nhsuk-notification-banner" role="region" aria-labelledby="anomaly-banner-title">
      <div className="nhsuk-notification-banner__header">
        <h2 className="nhsuk-notification-banner__title" id="anomaly-banner-title">
          Important
        </h2>
      </div>
      <div className="nhsuk-notification-banner__content">
        <p className="nhsuk-notification-banner__heading">{messages.anomalyBanner}</p>
        {reason && (
          <p>
            <AnomalyReason reason={reason} />
          </p>
        )}
      </div>
    </div>
  );
}

const sentenceCase = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The prediction as its risk label, with the probability and the procedure's average beside it; for
 * a record missing a required input, "Incomplete" with what is missing, and the probability said to
 * be made with default values (decision 0057).
 */
function PredictionCard({ result, procedureName }: { result: RiskResult; procedureName: string }) {
  const prediction = result.prediction;
  return (
    <div className={`nhsuk-card app-risk-card app-risk-card--${prediction ?? 'incomplete'}`}>
      <div className="nhsuk-card__content">
        <h2 className="nhsuk-card__heading nhsuk-heading-m">Prediction</h2>
        {prediction === null ? (
          <>
            <p className="app-risk-card__label">
              <Tag colour="grey">Incomplete</Tag>
            </p>
            <p className="nhsuk-body nhsuk-u-margin-bottom-2">
              <strong>
                {sentenceCase(incompleteText(result.missingRequiredInputs).slice('Incomplete: '.length))}
              </strong>
            </p>
            <p className="nhsuk-body-s nhsuk-u-margin-bottom-2">
              Probability made with default values: {percentage(result.probability)}.{' '}
              {incompleteProbabilityNote}
            </p>
          </>
        ) : (
          <>
            <p className="app-risk-card__label">
              <Tag colour={riskColour[prediction]}>{riskLabelOf(prediction)}</Tag>
            </p>
            <p className="nhsuk-body nhsuk-u-margin-bottom-2">
              Probability of complications after surgery:{' '}
              <strong className="app-risk-card__probability">{percentage(result.probability)}</strong>
            </p>
          </>
        )}
        {prediction !== null && result.averageProbability !== null && (
          <p className="nhsuk-body-s nhsuk-u-margin-bottom-0">
            The average for {procedureName.toLowerCase()} is {percentage(result.averageProbability)}.
          </p>
        )}
        {result.adjustment && (
          // The clinician's view, labelled as theirs: the model's prediction above is never changed (decision 0044).
          <p className="nhsuk-body-s nhsuk-u-margin-top-3 nhsuk-u-margin-bottom-0">
            Clinician’s view: <strong>{riskLabelOf(result.adjustment.prediction)}</strong>
          </p>
        )}
        {result.model.demonstration && (
          <p className="nhsuk-body-s nhsuk-u-margin-top-3 nhsuk-u-margin-bottom-0 app-demonstration">
            {demonstrationModelLabel}
          </p>
        )}
      </div>
    </div>
  );
}

/** A change as the change log writes one: before, an arrow (read as 'changed to'), after. */
function ChangeItem({ line }: { line: ChangeLine }) {
  return (
    <li>
      {line.label}: {line.before} <span aria-hidden="true">→</span>
      <span className="nhsuk-u-visually-hidden"> changed to</span> {line.after}
    </li>
  );
}

/**
 * What a remodel changed (decision 0039): the probability (and the band, when it moved) against the
 * evaluation before it, and each input the model read differently.
 */
function WhatChanged({ result, change }: { result: RiskResult; change: NonNullable<RiskSummary['change']> }) {
  const { outcome, inputs } = whatChanged(change, result);
  return (
    <InsetText>
      <h2 className="nhsuk-heading-s" id="what-changed-heading">
        What this remodel changed
      </h2>
      <p>Compared with the evaluation of {formatDateTime(change.previousEvaluatedAt)}:</p>
      <ul className="nhsuk-list" aria-labelledby="what-changed-heading">
        {outcome.map((line) => (
          <ChangeItem key={line.label} line={line} />
        ))}
      </ul>
      {inputs.length > 0 ? (
        <>
          <p id="what-changed-inputs">The details the model read that changed:</p>
          <ul className="nhsuk-list nhsuk-list--bullet" aria-labelledby="what-changed-inputs">
            {inputs.map((line) => (
              <ChangeItem key={line.label} line={line} />
            ))}
          </ul>
        </>
      ) : (
        <p>None of the details the model reads changed.</p>
      )}
    </InsetText>
  );
}

/** docs/requirements.md §3 feature importances: high and medium (shown 'Moderate'), with the value the model read. */
function FeatureImportances({ items }: { items: FeatureImportanceItem[] }) {
  if (items.length === 0) return null;
  return (
    <>
      <h2>Factors that matter most</h2>
      <Table<FeatureImportanceItem>
        caption="Factors that matter most"
        captionHidden
        columns={[
          { header: 'Factor', cell: (item) => factorLabel(item.feature, item.displayName) },
          { header: 'Importance', cell: (item) => importanceLabels[item.importance] },
          { header: 'Value', cell: (item) => factorValueText(item) },
        ]}
        rows={items}
        rowKey={(item) => item.feature}
      />
    </>
  );
}

/** docs/requirements.md §2 areas of improvement: the advice (dos), each a title and a description. */
function AreasOfImprovement({ dos }: { dos: RiskSummary['areasOfImprovement']['dos'] }) {
  if (dos.length === 0) return null;
  return (
    <div className="nhsuk-card nhsuk-card--feature">
      <div className="nhsuk-card__content">
        <h2 className="nhsuk-card__heading">Areas of improvement</h2>
        <ul className="nhsuk-list nhsuk-list--tick" role="list">
          {dos.map((advice) => (
            <li key={advice.title}>
              <svg
                className="nhsuk-icon nhsuk-icon--tick"
                xmlns="http://www.w3.org/2000/svg"
                viewBox="0 0 24 24"
                width="16"
                height="16"
                focusable="false"
                aria-hidden="true"
              >
                <path d="M11.4 17.5a2 2 0 0 1-2.7.1h-.1L4 12.8a1.5 1.5 0 0 1 2.1-2L10 14.7l8.1-8.1a1.5 1.5 0 1 1 2.2 2l-8.9 9Z" />
              </svg>
              <strong>{advice.title}</strong>
              <br />
              {advice.description}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** Which model made the prediction, and when (the demonstration label when it is the demo model). */
function ModelDetails({ result }: { result: RiskResult }) {
  return (
    <>
      <h2>About this prediction</h2>
      <SummaryList
        rows={[
          { key: 'Model', value: result.model.name },
          { key: 'Model version', value: modelVersionText(result.model) },
          { key: 'Evaluated', value: formatDateTime(result.evaluatedAt) },
          { key: 'Reason', value: reasonLabels[result.reason] },
          ...(result.model.demonstration ? [{ key: 'Note', value: demonstrationModelLabel }] : []),
          ...(result.model.recalibrated ? [{ key: 'Recalibrated', value: recalibratedModelNote }] : []),
        ]}
      />
    </>
  );
}

/** docs/requirements.md §4: a record not scored yet, being scored, or that the model could not score. */
function ScoringStatus({ summary }: { summary: RiskSummary }) {
  if (summary.status === 'waiting' || summary.status === 'processing')
    return (
      <div role="status">
        <InsetText>
          <p>
            {summary.status === 'waiting'
              ? 'This record has not been processed yet.'
              : 'This record is being processed.'}{' '}
            This page will show the prediction as soon as it is ready. You do not need to refresh the page.
          </p>
        </InsetText>
      </div>
    );
  if (summary.status === 'excluded')
    return (
      <InsetText>
        <p>
          <strong>{notScoredText(summary.exclusion ?? 'not said')}</strong>
        </p>
        <p>
          The patient stays on the waiting list and the worklist. The model was not made for this operation or
          age, so it gives no prediction.
        </p>
      </InsetText>
    );
  if (summary.status === 'suspended' && summary.suspendedOn)
    return (
      <WarningCallout heading="Predictions suspended">
        <p>
          <strong>{suspendedText(summary.suspendedOn)}.</strong>
        </p>
        <p>
          No risk band, probability or contributing factors are shown for this type of operation until the
          suspension is lifted. The patient stays on the waiting list and the worklist, and you can still
          correct their details.
        </p>
      </WarningCallout>
    );
  if (summary.status === 'failed')
    return (
      <WarningCallout heading="The model could not score this record">
        {summary.failure?.reason && (
          <p>
            <DataText text={summary.failure.reason} />
          </p>
        )}
        {summary.failure && summary.failure.fields.length > 0 && (
          <>
            <p>Check these details and remodel with new details:</p>
            <ul>
              {summary.failure.fields.map((field) => (
                <li key={field}>{importFieldLabels[field] ?? field}</li>
              ))}
            </ul>
          </>
        )}
      </WarningCallout>
    );
  return null;
}

/**
 * Beside the prediction, in plain words (decision 0057): the inputs the model was given a typical
 * value for because the record has none, and the blood results it was not given because they are
 * too old. The specification's own warning closes it.
 */
function InputsNote({ result }: { result: RiskResult }) {
  const defaulted = result.isDefaultValueUsed ? result.defaultsUsed : [];
  if (!result.isDefaultValueUsed && result.staleInputs.length === 0) return null;
  return (
    <WarningCallout heading="Some details are not recorded">
      {result.staleInputs.length > 0 && (
        <>
          <p id="stale-inputs-intro">These blood results are too old for the model to use:</p>
          <ul className="nhsuk-list nhsuk-list--bullet" aria-labelledby="stale-inputs-intro">
            {result.staleInputs.map((item) => (
              <li key={item.field}>{staleInputText(item)}</li>
            ))}
          </ul>
        </>
      )}
      {defaulted.length > 0 && (
        <>
          <p id="defaults-used-intro">{defaultsUsedIntro}</p>
          <ul className="nhsuk-list nhsuk-list--bullet" aria-labelledby="defaults-used-intro">
            {defaulted.map((item) => (
              <li key={item.feature}>{defaultUsedText(item)}</li>
            ))}
          </ul>
        </>
      )}
      {result.isDefaultValueUsed && <p className="nhsuk-body-s">{messages.defaultValuesUsed}</p>}
    </WarningCallout>
  );
}

/** The blood results the model read, each with the day its sample was taken (decision 0057). */
function BloodResults({ result }: { result: RiskResult }) {
  if (result.bloodResults.length === 0) return null;
  return (
    <>
      <h2 className="nhsuk-heading-m">Blood results</h2>
      <SummaryList
        rows={result.bloodResults.map((item) => ({
          key: item.label,
          value: bloodResultText(item).slice(item.label.length + 1),
        }))}
      />
    </>
  );
}

/** Beside the prediction: the values that lie outside the data the model was developed on. */
function OutsideModelRange({ items }: { items: RiskResult['outsideModelRange'] }) {
  return (
    <WarningCallout heading={outsideModelRangeHeading}>
      <p id="outside-model-range-intro">{outsideModelRangeIntro}</p>
      <ul className="nhsuk-list nhsuk-list--bullet" aria-labelledby="outside-model-range-intro">
        {items.map((item) => (
          <li key={item.field}>{outsideModelRangeText(item)}</li>
        ))}
      </ul>
    </WarningCallout>
  );
}

/**
 * A risk summary (docs/requirements.md §2), now or as it was: the patient, the scoring status, the prediction and
 * its banners, what the patient can do (`actions`), the waiting list priority (`prioritisation`), the
 * factors, the chart, the advice and the model. The summary screen and a past evaluation's screen
 * both show it.
 */
export function RiskSummaryView({
  summary,
  procedureName,
  labels,
  actions,
  prioritisation,
  surgicalRiskFactorsShown = 'current',
}: {
  summary: RiskSummary;
  procedureName: string;
  labels: RiskFactorLabels;
  actions?: ReactNode;
  /** The pathway's waiting list priority now (decision 0044): the summary shows it, a past evaluation does not. */
  prioritisation?: ReactNode;
  surgicalRiskFactorsShown?: SurgicalRiskFactorsShown;
}) {
  const result = summary.result;
  return (
    <>
      {result?.isAnomaly && <AnomalyBanner reason={result.anomalyReason} />}
      <ClericalChangeNote changes={summary.clericalChanges} />
      <div className="nhsuk-grid-row">
        <div className="nhsuk-grid-column-two-thirds">
          <h2 className="nhsuk-heading-m">Patient details</h2>
          <SummaryList
            rows={[
              ...patientRows(summary, procedureName),
              ...surgicalRows(summary, labels, surgicalRiskFactorsShown),
            ]}
          />
        </div>
        <div className="nhsuk-grid-column-one-third">
          {result && summary.status === 'processed' && (
            <>
              <PredictionCard result={result} procedureName={procedureName} />
              <InputsNote result={result} />
            </>
          )}
        </div>
      </div>
      {result && summary.status === 'processed' && result.outsideModelRange.length > 0 && (
        <OutsideModelRange items={result.outsideModelRange} />
      )}
      {result && summary.status === 'processed' && summary.change && (
        <WhatChanged result={result} change={summary.change} />
      )}
      <ScoringStatus summary={summary} />
      {actions}
      {prioritisation}
      {result && summary.status === 'processed' && (
        <>
          <BloodResults result={result} />
          <FeatureImportances items={result.featureImportance} />
          <ContributionsChart contributions={result.contributions} />
          <AreasOfImprovement dos={summary.areasOfImprovement.dos} />
          <ModelDetails result={result} />
        </>
      )}
    </>
  );
}
