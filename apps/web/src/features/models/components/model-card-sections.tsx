import { groupingLabels, type Grouping } from '@esr/contracts/model-performance';
import type { TripodCard } from '@esr/contracts/models';
import { equityGroupLabels } from '@esr/contracts/prioritisation';
import { hiddenFigure, hiddenFigureMeaning, hiddenFigureText } from '@esr/contracts/small-groups';
import { InsetText, SummaryList, Table, Tag, type SummaryRow } from '../../../components/content';
import { DataText } from '../../../components/data-text';
import {
  countText,
  fittedMethodText,
  fixed,
  contributionsScaleText,
  notCalculated,
  percentText,
  recalibrationMapText,
  recalibrationMethodLabels,
} from '../lib/version-text';

type LocalPerformance = NonNullable<TripodCard['localPerformance']>;
type Group = LocalPerformance['groups'][number];

const notGiven = 'Not given';

/** The figures a developer may report, named; any other is shown under its own name. */
const metricLabels: Record<string, string> = {
  auroc: 'AUROC',
  brier: 'Brier score',
  noSkillBrier: 'Brier score of a model with no skill',
  calibrationSlope: 'Calibration slope',
  calibrationIntercept: 'Calibration intercept',
  observedRate: 'Observed rate',
  meanPredicted: 'Mean predicted risk',
  n: 'Patients',
  events: 'Complications',
};

/** A developer's figure as its kind is written: counts whole, rates as percentages, AUROC to 3 decimals. */
function metricText(key: string, value: number): string {
  if (key === 'n' || key === 'events') return countText(value);
  if (key === 'observedRate' || key === 'meanPredicted') return percentText(value);
  if (key.startsWith('calibration')) return fixed(value, 2);
  return fixed(value, 3);
}

/** An estimate with its 95% interval: '1.13 (95% interval 0.77 to 1.61)'. */
const intervalText = (estimate: { lower: number; upper: number }, value: number, decimals: number) =>
  `${fixed(value, decimals)} (95% interval ${fixed(estimate.lower, decimals)} to ${fixed(estimate.upper, decimals)})`;

const maybe = (value: number | null, decimals: number) =>
  value === null ? notCalculated : fixed(value, decimals);

const sexLabels: Record<string, string> = equityGroupLabels.sex;

/** A grouping and group as the monitoring screens name them: Sex, Female. */
const groupingName = (by: string) => groupingLabels[by as Grouping] ?? by;
const groupName = (group: Group) =>
  group.by === 'sex' ? (sexLabels[group.group] ?? group.group) : group.group;

/** A list of texts from the model's files, or a line saying there are none. */
function TextList({ items, none }: { items: string[]; none: string }) {
  if (items.length === 0) return <p>{none}</p>;
  return (
    <ul>
      {items.map((item, index) => (
        <li key={index}>
          <DataText text={item} />
        </li>
      ))}
    </ul>
  );
}

function LocalPerformanceSection({ performance }: { performance: LocalPerformance | null }) {
  if (!performance) return <p>No outcomes have been recorded for the patients this version scored yet.</p>;
  const rows: SummaryRow[] = [
    { key: 'Patients', value: countText(performance.n) },
    { key: 'Complications', value: countText(performance.events) },
    {
      key: 'Observed / expected',
      value: performance.oe ? intervalText(performance.oe, performance.oe.ratio, 2) : notCalculated,
    },
    {
      key: 'AUROC',
      value: performance.auroc ? intervalText(performance.auroc, performance.auroc.value, 3) : notCalculated,
    },
    { key: 'Calibration intercept', value: maybe(performance.calibrationIntercept, 2) },
    { key: 'Calibration slope', value: maybe(performance.calibrationSlope, 2) },
    { key: 'Brier score', value: maybe(performance.brier, 3) },
  ];
  return (
    <>
      {!performance.enoughEvents && (
        <InsetText>
          <p>
            Only {countText(performance.events)} complications have been recorded, fewer than 100: these
            figures are uncertain.
          </p>
        </InsetText>
      )}
      <SummaryList rows={rows} />
      {performance.groups.length > 0 && (
        <>
          <h3>By patient group</h3>
          {performance.groups.some((group) => group.n === hiddenFigure) && (
            <p>{hiddenFigureMeaning('patients')}</p>
          )}
          <Table<Group>
            caption="Performance by patient group"
            captionHidden
            layout="scroll"
            rows={performance.groups}
            rowKey={(group) => `${group.by}-${group.group}`}
            columns={[
              { header: 'Grouping', cell: (group) => groupingName(group.by) },
              { header: 'Group', cell: (group) => <DataText text={groupName(group)} /> },
              {
                header: 'Patients',
                cell: (group) => (group.n === hiddenFigure ? hiddenFigureText : countText(group.n)),
                numeric: true,
              },
              {
                header: 'Observed / expected',
                cell: (group) => (group.n === hiddenFigure ? '' : maybe(group.oe, 2)),
                numeric: true,
              },
              {
                header: 'AUROC',
                cell: (group) => (group.n === hiddenFigure ? '' : maybe(group.auroc, 3)),
                numeric: true,
              },
              { header: 'Flag', cell: (group) => (group.flagged ? <Tag colour="red">Check</Tag> : '') },
            ]}
          />
        </>
      )}
    </>
  );
}

function UpdatesSection({ card }: { card: TripodCard }) {
  const { recalibration } = card;
  return (
    <>
      <TextList items={card.updates} none="This version has not been updated since it was uploaded." />
      {recalibration && (
        <>
          <h3>Recalibration</h3>
          <SummaryList
            rows={[
              { key: 'Recalibrated from', value: `Version ${recalibration.baseVersion}` },
              { key: 'Asked for', value: recalibrationMethodLabels[recalibration.requested] },
              { key: 'Fitted', value: fittedMethodText[recalibration.method] },
            ]}
          />
          <p>{recalibrationMapText(recalibration)}</p>
          <p>{contributionsScaleText}</p>
        </>
      )}
    </>
  );
}

/** The factors the model reads, with their units and what stands in for a missing one. */
function PredictorsTable({ predictors }: { predictors: TripodCard['predictors'] }) {
  return (
    <Table
      caption={`The ${predictors.length} factors the model uses`}
      captionHidden
      layout="scroll"
      rows={predictors}
      rowKey={(predictor) => predictor.name}
      columns={[
        { header: 'Predictor', cell: (predictor) => <DataText text={predictor.displayName} /> },
        { header: 'Unit', cell: (predictor) => <DataText text={predictor.unit} /> },
        {
          header: 'Value used when missing',
          cell: (predictor) =>
            predictor.defaultWhenMissing === null
              ? 'Handled by the model'
              : String(predictor.defaultWhenMissing),
        },
        { header: 'Modifiable', cell: (predictor) => (predictor.modifiable ? 'Yes' : 'No') },
      ]}
    />
  );
}

/** Where the card gives each TRIPOD+AI item, and what the developer did not report. */
function TripodItemsTable({ items }: { items: TripodCard['tripodItems'] }) {
  return (
    <Table
      caption="TRIPOD+AI items on this card"
      captionHidden
      rows={items}
      rowKey={(entry) => entry.item}
      columns={[
        { header: 'Item', cell: (entry) => entry.item },
        {
          header: 'On this card',
          cell: (entry) => (entry.reported ? entry.detail : <strong>{entry.detail}</strong>),
        },
      ]}
    />
  );
}

/**
 * The card's TRIPOD+AI items (decision 0046), each under its heading: intended use and users, the
 * outcome, the predictors, the risk bands, the development data and performance, performance on
 * the trust's outcomes (overall and by group), known limitations, how it was updated, and the
 * files' SHA-256s. The model's own texts come from its files, so they are shown isolated.
 */
export function CardSections({ card }: { card: TripodCard }) {
  const { thresholds, developmentData } = card;
  return (
    <>
      <h2>Intended use and users</h2>
      <SummaryList
        rows={[
          { key: 'Intended use', value: <DataText text={card.intendedUse} /> },
          { key: 'Intended users', value: <DataText text={card.intendedUsers} /> },
        ]}
      />

      <h2>Outcome and time frame</h2>
      <SummaryList
        rows={[
          { key: 'Outcome', value: <DataText text={card.outcome} /> },
          { key: 'Time frame', value: <DataText text={card.timeFrame} /> },
        ]}
      />

      <h2>Who it was made for</h2>
      <p>
        <DataText text={card.population} />
      </p>

      <h2>Predictors</h2>
      <PredictorsTable predictors={card.predictors} />

      <h2>Risk bands</h2>
      <SummaryList
        rows={[
          { key: 'High', value: `${percentText(thresholds.high)} or more` },
          {
            key: 'Moderate',
            value: `${percentText(thresholds.moderate)} to under ${percentText(thresholds.high)}`,
          },
          { key: 'Low', value: `Under ${percentText(thresholds.moderate)}` },
        ]}
      />

      <h2>Development data</h2>
      <SummaryList
        rows={[
          { key: 'Description', value: <DataText text={developmentData.description ?? notGiven} /> },
          {
            key: 'Patients',
            value: developmentData.size === null ? notGiven : countText(developmentData.size),
          },
          { key: 'Notes', value: <DataText text={developmentData.notes ?? notGiven} /> },
        ]}
      />

      <h2>Performance where developed</h2>
      {card.developmentPerformance && Object.keys(card.developmentPerformance).length > 0 ? (
        <SummaryList
          rows={Object.entries(card.developmentPerformance).map(([key, value]) => ({
            key: metricLabels[key] ?? key,
            value: metricText(key, value),
          }))}
        />
      ) : (
        <p>The developer reported no figures.</p>
      )}

      <h2>Performance on your trust&apos;s outcomes</h2>
      <LocalPerformanceSection performance={card.localPerformance} />

      <h2>Known limitations</h2>
      <TextList items={card.limitations} none="None stated." />

      <h2>How it was updated</h2>
      <UpdatesSection card={card} />

      <h2>TRIPOD+AI items</h2>
      <p>
        The items of the TRIPOD+AI statement a trust needs to judge the model, and where this card gives each;
        what the developer did not report is said so.
      </p>
      <TripodItemsTable items={card.tripodItems} />

      <h2>SHA-256</h2>
      <SummaryList
        rows={[
          { key: 'Model file', value: <code className="app-break-anywhere">{card.modelSha256}</code> },
          { key: 'Wrapper file', value: <code className="app-break-anywhere">{card.wrapperSha256}</code> },
        ]}
      />
    </>
  );
}
