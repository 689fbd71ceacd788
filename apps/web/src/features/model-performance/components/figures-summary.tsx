import { Link } from 'react-router';
import type { ModelPerformance } from '@esr/contracts/model-performance';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { paths } from '../../../config/paths';
import { SummaryList, Table, WarningCallout, type Column } from '../../../components/content';
import { formatDate } from '../../../lib/dates';
import {
  aurocText,
  countText,
  cusumDirectionText,
  cusumSignalText,
  excludedText,
  fewEventsBesideSignalText,
  fewEventsText,
  headlineText,
  oeText,
  percentText,
  ratioText,
  scoreText,
} from '../lib/figures-text';

type Band = ModelPerformance['bands'][number];

const bandColumns: Column<Band>[] = [
  { header: 'Risk band', cell: (band) => band.band },
  { header: 'Patients', cell: (band) => countText(band.n), numeric: true },
  { header: 'Complications', cell: (band) => countText(band.events), numeric: true },
  { header: 'Observed rate', cell: (band) => percentText(band.observedRate), numeric: true },
  { header: 'Mean predicted risk', cell: (band) => percentText(band.meanPredicted), numeric: true },
];

/** The CUSUMs in a few words: each chart's signals, and how many are open. */
function cusumRowText(figures: ModelPerformance): string {
  const parts = (['worse', 'better'] as const).flatMap((direction) => {
    const signals = figures.cusum[direction].signals;
    if (signals.length === 0) return [];
    const open = signals.filter((signal) => !signal.acknowledgement).length;
    return [
      `${cusumDirectionText(direction)}: signalled ${signals.length === 1 ? 'once' : `${signals.length} times`}, last on ${formatDate(signals.at(-1)!.date)}${open > 0 ? ` (${open} open)` : ''}`,
    ];
  });
  return parts.length === 0 ? 'Has not signalled' : parts.join('; ');
}

/**
 * The figures of the trust's judged outcomes (decisions 0045 and 0061): first any CUSUM signal no
 * clinical safety officer has acknowledged, then the headline in words, a warning when there are
 * too few complications to act on (worded so as not to contradict an open signal), then every
 * figure in a summary list.
 */
export function FiguresSummary({
  figures,
  procedure,
  mayAcknowledge,
}: {
  figures: ModelPerformance;
  procedure: ProcedureCode;
  mayAcknowledge: boolean;
}) {
  const signalled = figures.openSignals.length > 0;
  return (
    <section aria-labelledby="summary">
      <h2 id="summary">Summary</h2>
      {figures.openSignals.map((signal) => (
        <OpenSignalWarning
          key={`${signal.direction}/${signal.date}`}
          signal={signal}
          procedure={procedure}
          mayAcknowledge={mayAcknowledge}
          suspended={Boolean(figures.suspension)}
        />
      ))}
      <p className="nhsuk-body-l">{headlineText(figures)}</p>
      {!figures.enoughEvents && (
        <WarningCallout>
          <p>{signalled ? fewEventsBesideSignalText(figures.events) : fewEventsText(figures.events)}</p>
        </WarningCallout>
      )}
      <SummaryList
        rows={[
          { key: 'Patients judged', value: countText(figures.n) },
          { key: 'Complications', value: countText(figures.events) },
          { key: 'Excluded', value: excludedText(figures.excluded) },
          { key: 'Observed rate', value: percentText(figures.observedRate) },
          { key: 'Mean predicted risk', value: percentText(figures.meanPredicted) },
          { key: 'Observed / expected', value: oeText(figures.oe) },
          { key: 'Calibration intercept', value: ratioText(figures.calibrationIntercept) },
          { key: 'Calibration slope', value: ratioText(figures.calibrationSlope) },
          { key: 'AUROC', value: aurocText(figures.auroc) },
          { key: 'Brier score', value: scoreText(figures.brier) },
          {
            key: 'CUSUM',
            value: (
              <a className="nhsuk-link" href="#cusum">
                {cusumRowText(figures)}
              </a>
            ),
          },
        ]}
      />
      <FiguresExplained />
    </section>
  );
}

type OpenSignal = ModelPerformance['openSignals'][number];

/**
 * A CUSUM signal no clinical safety officer has acknowledged: what it says, and the way to review
 * it (and, while predictions are not suspended, to suspend them) for those who may.
 */
function OpenSignalWarning({
  signal,
  procedure,
  mayAcknowledge,
  suspended,
}: {
  signal: OpenSignal;
  procedure: ProcedureCode;
  mayAcknowledge: boolean;
  suspended: boolean;
}) {
  return (
    <WarningCallout key={`${signal.direction}/${signal.date}`}>
      <p>{cusumSignalText(signal)}</p>
      <p>
        {mayAcknowledge ? (
          <>
            <Link className="nhsuk-link" to={paths.acknowledgeSignal({ procedure, ...signal })}>
              Review and acknowledge the signal of {formatDate(signal.date)}
            </Link>
            {!suspended && (
              <>
                . If the model cannot be trusted meanwhile,{' '}
                <Link className="nhsuk-link" to={paths.predictionSuspension(procedure)}>
                  suspend its predictions
                </Link>
              </>
            )}
          </>
        ) : (
          'The clinical safety officer has been asked to review it.'
        )}
      </p>
    </WarningCallout>
  );
}

/** What each figure of the summary means, in a details element under it. */
function FiguresExplained() {
  return (
    <details className="nhsuk-details">
      <summary className="nhsuk-details__summary">
        <span className="nhsuk-details__summary-text">What these figures mean</span>
      </summary>
      <div className="nhsuk-details__text">
        <ul>
          <li>
            <strong>Patients judged</strong>: the patients with a recorded outcome whose 90 days of follow-up
            have passed, and a prediction made before the day of their operation. Each is judged against the
            latest such prediction.
          </li>
          <li>
            <strong>Observed / expected</strong>: the complications that happened divided by the sum of the
            predicted risks. 1 means as many as predicted; above 1, more.
          </li>
          <li>
            <strong>Calibration intercept and slope</strong>: 0 and 1 when predicted risks match what happens.
            A slope below 1 means the predictions are too spread out; above 1, too close together.
          </li>
          <li>
            <strong>AUROC</strong>: how well the model ranks patients who had a complication above those who
            did not. 0.5 is no better than chance; 1 is perfect.
          </li>
          <li>
            <strong>Brier score</strong>: the average squared difference between the predicted risk and what
            happened. Lower is better.
          </li>
          <li>
            A figure shows ‘Not calculated’ when these outcomes cannot give it, for example AUROC when no
            patient, or every patient, had a complication.
          </li>
        </ul>
      </div>
    </details>
  );
}

/** Per risk band: how many patients, how many had a complication, against the risk predicted. */
export function BandsSection({ bands }: { bands: Band[] }) {
  return (
    <section aria-labelledby="bands">
      <h2 id="bands">By risk band</h2>
      <p>
        For each of the model’s risk bands, how often a complication happened against the risk it predicted.
      </p>
      <Table
        caption="Complications by the model’s risk band"
        captionHidden
        columns={bandColumns}
        rows={bands}
        rowKey={(band) => band.band}
      />
    </section>
  );
}
