import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { equityGroupings, type Equity, type EquityGrouping } from '@esr/contracts/prioritisation';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { hiddenFigureMeaning } from '@esr/contracts/small-groups';
import { CaptionHeading } from '../../../components/caption-heading';
import { ErrorSummary } from '../../../components/error-summary';
import { FiguresTable } from '../../../components/figures-table';
import { ListStatus } from '../../../components/list-status';
import { paths } from '../../../config/paths';
import { useTrustCode } from '../../../lib/auth/trust-code';
import { useProcedureType } from '../../../lib/procedure-type';
import { useEquity } from '../api/get-equity';
import {
  figureText,
  groupText,
  groupingLabels,
  priorityText,
  readGrouping,
  sizeText,
} from '../lib/equity-display';
import { dateText } from '../lib/wait-display';
import { loadFailureItems, useFailureAttempts } from './load-failure';
import { UnknownPrioritisationType } from './prioritisation-heading';

/**
 * /prioritisation/{type}/equity (decision 0044): how long the procedure's active pathways have
 * waited, by sex, ethnic group or age band (chosen in the address, `?by=`), overall and by
 * priority, so that a group waiting longer than others can be seen. Small groups are hidden, and
 * whichever others would let them be worked out (decision 0052).
 */
export function EquityPage() {
  const { type, name } = useProcedureType();
  if (!type) return <UnknownPrioritisationType />;
  return <EquityTables type={type} name={name} />;
}

type Figures = Equity['groups'][number]['byPriority'][number];

/** A figure of a hidden group: not given, said as such to screen readers. */
function Hidden() {
  return (
    <>
      <span aria-hidden="true">–</span>
      <span className="nhsuk-u-visually-hidden">Not shown</span>
    </>
  );
}

function Figure({ value, decimals }: { value: number | null; decimals?: number }) {
  const text = figureText(value, decimals);
  return text === null ? <Hidden /> : <>{text}</>;
}

const figureHeaders = ['Pathways', 'Median days waited', 'Over 18 weeks', 'Over 52 weeks'];

/** A row's figures: its size, median wait and counts over 18 and 52 weeks. */
function FigureCells({ figures }: { figures: Omit<Figures, 'priority'> }) {
  const cell = (content: ReactNode, key: string) => (
    <td className="nhsuk-table__cell nhsuk-table__cell--numeric" key={key}>
      {content}
    </td>
  );
  return (
    <>
      {cell(sizeText(figures.n), 'n')}
      {cell(<Figure value={figures.medianDaysWaited} decimals={1} />, 'median')}
      {cell(<Figure value={figures.over18Weeks} />, 'over18')}
      {cell(<Figure value={figures.over52Weeks} />, 'over52')}
    </>
  );
}

/** A table of the waits: the columns that name the row, then the figures. */
function WaitsTable({
  caption,
  leading,
  children,
}: {
  caption: string;
  /** The headers of the columns that name the row. */
  leading: string[];
  children: ReactNode;
}) {
  const headers = [
    ...leading.map((text) => ({ text })),
    ...figureHeaders.map((text) => ({ text, numeric: true })),
  ];
  return (
    <FiguresTable caption={caption} captionSize="s" className="app-equity-table" headers={headers}>
      {children}
    </FiguresTable>
  );
}

/** What the figures mean, above each table. */
function FiguresMeaning({ byPriority }: { byPriority?: boolean }) {
  return (
    <p>
      For each group{byPriority ? ' and priority' : ''}: the number of pathways; the median number of days
      waited since the referral to treatment (RTT) clock start (half have waited less, half longer); and how
      many have waited over 18 weeks and over 52 weeks. {hiddenFigureMeaning('pathways')} A hidden group shows
      no figures, to protect patients&apos; identities.
    </p>
  );
}

function GroupingTables({ equity, by }: { equity: Equity; by: EquityGrouping }) {
  const grouping = groupingLabels[by];
  const lower = grouping.toLowerCase();
  const byPriority = equity.groups.filter((group) => group.byPriority.length > 0);
  return (
    <>
      <h2>Waits by {lower}</h2>
      <FiguresMeaning />
      <WaitsTable caption={`Waits by ${lower}`} leading={[grouping]}>
        {equity.groups.map((group) => (
          <tr className="nhsuk-table__row" key={group.group}>
            <th scope="row" className="nhsuk-table__header">
              {groupText(by, group.group)}
            </th>
            <FigureCells figures={group} />
          </tr>
        ))}
      </WaitsTable>
      {byPriority.length > 0 && (
        <>
          <h2>Waits by {lower} and priority</h2>
          <FiguresMeaning byPriority />
          <WaitsTable caption={`Waits by ${lower} and priority`} leading={[grouping, 'Priority']}>
            {byPriority.flatMap((group) =>
              group.byPriority.map((row) => (
                <tr className="nhsuk-table__row" key={`${group.group}-${row.priority}`}>
                  <th scope="row" className="nhsuk-table__header">
                    {groupText(by, group.group)}
                  </th>
                  <td className="nhsuk-table__cell">{priorityText(row.priority)}</td>
                  <FigureCells figures={row} />
                </tr>
              )),
            )}
          </WaitsTable>
        </>
      )}
    </>
  );
}

function EquityTables({ type, name }: { type: ProcedureCode; name: string | undefined }) {
  const trust = useTrustCode();
  const [params] = useSearchParams();
  const by = readGrouping(params);
  const equity = useEquity(trust, type, by);
  const attempt = useFailureAttempts(equity.errorUpdatedAt);
  const procedure = name ? name.toLowerCase() : 'this type of operation';
  const data = equity.data && !equity.isError && equity.data.by === by ? equity.data : undefined;
  return (
    <>
      <ErrorSummary errors={loadFailureItems([equity])} attempt={attempt} />
      <CaptionHeading title="Waits by patient group" caption={name} />
      <p>
        How long the active pathways for {procedure} have waited, by sex, ethnic group or age band, overall
        and by priority: to check that no group of patients waits longer than others.
      </p>
      <nav className="nhsuk-contents-list" role="navigation" aria-label="Group the waits by">
        <h2 className="nhsuk-u-visually-hidden">Group the waits by</h2>
        <ol className="nhsuk-contents-list__list">
          {equityGroupings.map((grouping) => (
            <li className="nhsuk-contents-list__item" key={grouping}>
              {/* The chosen grouping stays a link (marked current), so that focus stays on it once chosen. */}
              <Link
                className={`nhsuk-contents-list__link${grouping === by ? ' app-contents-list__link--current' : ''}`}
                to={paths.prioritisationEquity(type, grouping)}
                aria-current={grouping === by ? 'page' : undefined}
              >
                {groupingLabels[grouping]}
              </Link>
            </li>
          ))}
        </ol>
      </nav>
      <ListStatus
        isLoading={equity.isLoading}
        isError={equity.isError}
        isEmpty={Boolean(data && data.groups.length === 0)}
        onRetry={() => void equity.refetch()}
      />
      {data && data.groups.length > 0 && (
        <>
          <p className="nhsuk-body-s">Waits counted to {dateText(data.today)}.</p>
          <GroupingTables equity={data} by={by} />
        </>
      )}
      <p>
        <Link className="nhsuk-link" to={paths.prioritisationWorklist(type)}>
          Back to the prioritisation worklist
        </Link>
      </p>
    </>
  );
}
