import { Link } from 'react-router';
import {
  flagLabels,
  prioritisationFlags,
  riskBandLabels,
  riskBands,
  waitBandLabels,
  waitBands,
  type Matrix,
  type RiskBand,
  type WaitBand,
} from '@esr/contracts/prioritisation';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { CounterCard } from '../../../components/counter-card';
import { FiguresTable } from '../../../components/figures-table';
import { paths } from '../../../config/paths';
import { cellDescription, inSentence, matrixCount, needsAttention } from '../lib/matrix';
import { dateText } from '../lib/wait-display';
import { flagQuery, isMatrixFiltered, matrixCellQuery, type WorklistView } from '../lib/worklist-params';
import './prioritisation.scss';

const counted = (count: number) => count.toLocaleString('en-GB');

/** A count's link takes the user to the results it filters (worklist-page.tsx moves focus there). */
export const toResults = { toResults: true } as const;

/** A count of the matrix: a link to the worklist of its pathways, or a plain 0. */
function CountLink({
  type,
  view,
  count,
  risk,
  wait,
}: {
  type: ProcedureCode;
  view: WorklistView;
  count: number;
  risk?: RiskBand;
  wait?: WaitBand;
}) {
  if (count === 0) return <>0</>;
  return (
    <Link
      className="nhsuk-link"
      to={paths.prioritisationWorklist(type, matrixCellQuery(view, risk, wait))}
      state={toResults}
    >
      {counted(count)}
      <span className="nhsuk-u-visually-hidden">
        {` ${count === 1 ? 'pathway' : 'pathways'}: ${cellDescription(risk, wait)}`}
      </span>
    </Link>
  );
}

const matrixHeaders = [
  { text: 'Risk' },
  ...waitBands.map((wait) => ({ text: waitBandLabels[wait], numeric: true })),
  { text: 'Total', numeric: true },
];

/**
 * The risk × wait matrix (decision 0044): the active pathways by the model's risk band (rows) and
 * wait band (columns), with totals; each count a link that filters the worklist below by its bands.
 * Pathways without a band are counted in rows of their own, each for its reason (decision 0057).
 * The cells of high risk and long waits are tinted, as a second cue to the words of their headers.
 */
const bandRows = new Set<RiskBand>(['high', 'medium', 'low', 'incomplete']);

export function RiskWaitMatrix({
  matrix,
  type,
  view,
}: {
  matrix: Matrix;
  type: ProcedureCode;
  view: WorklistView;
}) {
  const filtered = isMatrixFiltered(view.filters);
  // Decision 0063: while suspended, the scored pathways are in one row and no band's row is shown.
  const shownRows = riskBands.filter((risk) =>
    matrix.suspendedOn ? !bandRows.has(risk) : risk !== 'suspended',
  );
  const cell = (risk: RiskBand | undefined, wait: WaitBand | undefined, total = false) => {
    const attention = risk && wait && needsAttention(risk, wait);
    const classes = [
      'nhsuk-table__cell nhsuk-table__cell--numeric',
      attention ? 'app-matrix__cell--attention' : '',
      total ? 'app-matrix__total' : '',
    ]
      .filter(Boolean)
      .join(' ');
    return (
      <td className={classes} key={wait ?? 'total'}>
        <CountLink type={type} view={view} count={matrixCount(matrix, risk, wait)} risk={risk} wait={wait} />
      </td>
    );
  };
  return (
    <>
      <FiguresTable
        caption={
          <>
            Active pathways by risk and wait
            {filtered ? ', with the priority, surgeon and NHS number filters applied' : ''}
          </>
        }
        captionSize="m"
        className="app-matrix"
        headers={matrixHeaders}
      >
        {shownRows.map((risk) => (
          <tr className="nhsuk-table__row" key={risk}>
            <th scope="row" className="nhsuk-table__header">
              {riskBandLabels[risk]}
            </th>
            {waitBands.map((wait) => cell(risk, wait))}
            {cell(risk, undefined, true)}
          </tr>
        ))}
        <tr className="nhsuk-table__row">
          <th scope="row" className="nhsuk-table__header">
            Total
          </th>
          {waitBands.map((wait) => cell(undefined, wait, true))}
          {cell(undefined, undefined, true)}
        </tr>
      </FiguresTable>
      <MatrixNotes matrix={matrix} />
    </>
  );
}

/** Under the matrix: what is shaded, how waits are counted, the rows without a band, and what is left out. */
function MatrixNotes({ matrix }: { matrix: Matrix }) {
  return (
    <>
      <p className="nhsuk-body-s">
        {!matrix.suspendedOn && (
          <>
            <span className="app-matrix__key" aria-hidden="true" />
            Shaded: high risk and waiting over 52 weeks.{' '}
          </>
        )}
        Waits are counted in days since the referral to treatment (RTT) clock start, to{' '}
        {dateText(matrix.today)}.
      </p>
      <p className="nhsuk-body-s">
        Pathways without a risk band are in rows of their own. {riskBandLabels.incomplete}: scored, but an
        input the model needs is not recorded, so it gives no band. {riskBandLabels.excluded}: the patient is
        not one the model was made for. {riskBandLabels.not_processed}: waiting to be scored, or could not be
        scored.
        {matrix.suspendedOn &&
          ` ${riskBandLabels.suspended}: the clinical safety officer has suspended the model’s predictions, so every scored pathway is in this row.`}
      </p>
      {matrix.withoutClockStart > 0 && (
        <p>
          {counted(matrix.withoutClockStart)}{' '}
          {matrix.withoutClockStart === 1 ? 'pathway has' : 'pathways have'} no clock start, so no wait:{' '}
          {matrix.withoutClockStart === 1 ? 'it is' : 'they are'} not in the table but{' '}
          {matrix.withoutClockStart === 1 ? 'is' : 'are'} in the worklist.
        </p>
      )}
    </>
  );
}

/** The flags' counts (decisions 0044, 0056), each with a link that filters the worklist by it. */
export function FlagCounts({
  matrix,
  isLoading,
  isError,
  type,
  view,
}: {
  matrix: Matrix | undefined;
  isLoading: boolean;
  isError: boolean;
  type: ProcedureCode;
  view: WorklistView;
}) {
  return (
    <ul className="nhsuk-grid-row nhsuk-card-group">
      {prioritisationFlags.map((flag) => {
        const count = matrix?.flags[flag];
        return (
          <li className="nhsuk-grid-column-one-third nhsuk-card-group__item" key={flag}>
            <CounterCard
              title={flagLabels[flag]}
              headingLevel={3}
              value={count}
              isLoading={isLoading}
              isError={isError}
            >
              {count !== undefined && count > 0 && (
                <Link
                  className="nhsuk-link"
                  to={paths.prioritisationWorklist(type, flagQuery(view, flag))}
                  state={toResults}
                >
                  Show these pathways
                  <span className="nhsuk-u-visually-hidden">{` (${inSentence(flagLabels[flag])})`}</span>
                </Link>
              )}
            </CounterCard>
          </li>
        );
      })}
    </ul>
  );
}
