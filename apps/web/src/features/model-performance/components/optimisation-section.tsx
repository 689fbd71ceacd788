import { groupingLabels, type Grouping } from '@esr/contracts/model-performance';
import type {
  ComplicationRate,
  FactorCounts,
  FactorGroup,
  FactorPerformance,
  OptimisationPerformance,
} from '@esr/contracts/model-performance-optimisation';
import { hiddenFigureMeaning, hiddenFigureText } from '@esr/contracts/small-groups';
import { InsetText } from '../../../components/content';
import { FiguresTable } from '../../../components/figures-table';
import { ListStatus } from '../../../components/list-status';
import type { useOptimisation } from '../api/get-optimisation';
import { countText, percentText } from '../lib/figures-text';
import { groupName } from './fairness-table';

const numeric = 'nhsuk-table__cell nhsuk-table__cell--numeric';
const countHeaders = ['Found', 'Referred', 'Operated', 'Met before the operation', 'Median days to met'];

const medianText = (days: number | null) => (days === null ? 'None met' : countText(days));

function CountCells({ counts }: { counts: FactorCounts }) {
  return (
    <>
      <td className={numeric}>{countText(counts.found)}</td>
      <td className={numeric}>{countText(counts.referred)}</td>
      <td className={numeric}>{countText(counts.operated)}</td>
      <td className={numeric}>{countText(counts.metBeforeOperation)}</td>
      <td className={numeric}>{medianText(counts.medianDaysToMet)}</td>
    </>
  );
}

const rowHeader = (text: string) => (
  <th scope="row" className="nhsuk-table__header">
    {text}
  </th>
);

/** One side of the comparison: its patients, and its complications with their rate and interval. */
function RateCells({ side }: { side: ComplicationRate }) {
  if (side.suppressed)
    return (
      <td className="nhsuk-table__cell" colSpan={2}>
        {hiddenFigureText}
      </td>
    );
  const rate =
    side.rate === null || side.lower === null || side.upper === null
      ? countText(side.events)
      : `${countText(side.events)} (${percentText(side.rate)}; ${percentText(side.lower)} to ${percentText(side.upper)})`;
  return (
    <>
      <td className={numeric}>{countText(side.n)}</td>
      <td className={numeric}>{rate}</td>
    </>
  );
}

/** A group's row: its counts, or only "Hidden" across the row (decision 0052). */
export function FactorGroupRow({ by, group }: { by: Grouping; group: FactorGroup }) {
  return (
    <tr className="nhsuk-table__row">
      {rowHeader(groupName(by, group.group))}
      {group.suppressed ? (
        <td className="nhsuk-table__cell" colSpan={countHeaders.length}>
          {hiddenFigureText}
        </td>
      ) : (
        <CountCells counts={group} />
      )}
    </tr>
  );
}

/** The complications of each factor's operated patients, met before the operation against not met. */
function ComplicationsTable({ factors }: { factors: readonly FactorPerformance[] }) {
  return (
    <FiguresTable
      caption="Complications within 90 days, factor met before the operation or not"
      captionSize="s"
      className="app-fairness-table"
      headers={[
        { text: 'Risk factor' },
        { text: 'Met: patients', numeric: true },
        { text: 'Met: complications (rate; 95% interval)', numeric: true },
        { text: 'Not met: patients', numeric: true },
        { text: 'Not met: complications (rate; 95% interval)', numeric: true },
      ]}
    >
      {factors.map((factor) => (
        <tr className="nhsuk-table__row" key={factor.factor}>
          {rowHeader(factor.label)}
          <RateCells side={factor.complications.met} />
          <RateCells side={factor.complications.notMet} />
        </tr>
      ))}
    </FiguresTable>
  );
}

/** Each factor found by the grouping chosen, a table each, opened one at a time. */
function FactorsByGroup({ factors, by }: { factors: readonly FactorPerformance[]; by: Grouping }) {
  const grouping = groupingLabels[by];
  return (
    <>
      <h3>By {grouping.toLowerCase()}</h3>
      <p>{hiddenFigureMeaning('patients')}</p>
      {factors.map((factor) => (
        <details className="nhsuk-details" key={factor.factor}>
          <summary className="nhsuk-details__summary">
            <span className="nhsuk-details__summary-text">
              {factor.label} by {grouping.toLowerCase()}
            </span>
          </summary>
          <div className="nhsuk-details__text">
            <FiguresTable
              caption={`${factor.label} by ${grouping.toLowerCase()}`}
              captionSize="s"
              className="app-fairness-table"
              headers={[{ text: grouping }, ...countHeaders.map((text) => ({ text, numeric: true }))]}
            >
              {factor.groups.map((group) => (
                <FactorGroupRow by={by} group={group} key={group.group} />
              ))}
            </FiguresTable>
          </div>
        </details>
      ))}
    </>
  );
}

/**
 * The figures of the "Optimisation" section (decision 0075): per factor, found, referred, met
 * before the operation and the days it took; the complications of the operated patients met
 * against not met, said to be an association; and each factor by the fairness table's grouping,
 * small groups hidden as there.
 */
export function OptimisationFigures({
  figures,
  period,
}: {
  figures: OptimisationPerformance;
  /** Whether dates of operation were chosen: then only patients operated in them are counted. */
  period: boolean;
}) {
  const operated = figures.factors.filter((factor) => factor.overall.operated > 0);
  const found = figures.factors.filter((factor) => factor.overall.found > 0);
  return (
    <>
      <p>
        How often each risk factor to optimise before surgery was found, referred and met,{' '}
        {period
          ? 'for the patients operated in the dates chosen.'
          : 'for the patients on the waiting list now and the patients operated.'}{' '}
        These figures are for every model version.
      </p>
      <ul className="nhsuk-list nhsuk-list--bullet">
        <li>
          Found: a step was recorded for the factor, or the patient’s values showed it (the values now for a
          patient waiting, the values of the last prediction before the operation for a patient operated).
        </li>
        <li>Met before the operation: recorded as met on or before the day of the operation.</li>
        <li>Median days to met: from the day the factor was identified to the day it was recorded as met.</li>
      </ul>
      <FiguresTable
        caption="Risk factors found and met"
        captionSize="s"
        className="app-fairness-table"
        headers={[{ text: 'Risk factor' }, ...countHeaders.map((text) => ({ text, numeric: true }))]}
      >
        {figures.factors.map((factor) => (
          <tr className="nhsuk-table__row" key={factor.factor}>
            {rowHeader(factor.label)}
            <CountCells counts={factor.overall} />
          </tr>
        ))}
      </FiguresTable>
      <h3>Complications after the operation</h3>
      <p>
        For the operated patients with each factor, once 90 days have passed since the operation: how many had
        a complication when the factor was met before the operation, and when it was not.
      </p>
      <InsetText>
        <p>{figures.association}</p>
      </InsetText>
      {operated.length === 0 ? (
        <p>No operated patient had a risk factor found.</p>
      ) : (
        <ComplicationsTable factors={operated} />
      )}
      {found.length > 0 && <FactorsByGroup factors={found} by={figures.by} />}
    </>
  );
}

/** The section on the model-performance page, with its own load state. */
export function OptimisationSection({
  query,
  period,
}: {
  query: ReturnType<typeof useOptimisation>;
  period: boolean;
}) {
  const figures = query.isError ? undefined : query.data;
  return (
    <section aria-labelledby="optimisation">
      <h2 id="optimisation">Optimisation before surgery</h2>
      <ListStatus
        isLoading={query.isLoading}
        isError={query.isError}
        isEmpty={false}
        onRetry={() => void query.refetch()}
      />
      {figures && <OptimisationFigures figures={figures} period={period} />}
    </section>
  );
}
