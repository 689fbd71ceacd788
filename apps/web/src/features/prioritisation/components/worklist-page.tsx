import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { messages } from '@esr/contracts/messages';
import {
  flagLabels,
  worklistSortLabels,
  worklistSortSchema,
  type WorklistSort,
} from '@esr/contracts/prioritisation';
import { cellDescription, inSentence } from '../lib/matrix';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { CaptionHeading } from '../../../components/caption-heading';
import { InsetText } from '../../../components/content';
import { ErrorSummary, type ErrorSummaryItem } from '../../../components/error-summary';
import { ListStatus, PagedResults } from '../../../components/list-status';
import { SortChoice } from '../../../components/sort-choice';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-provider';
import { useTrustCode } from '../../../lib/auth/trust-code';
import { useProcedureType } from '../../../lib/procedure-type';
import { usePageNotice } from '../../../lib/page-notice';
import { useMatrix } from '../api/get-matrix';
import { useWorklist } from '../api/get-worklist';
import {
  clearedQuery,
  defaultWorklistSort,
  hasWorklistFilters,
  matrixFilters,
  readWorklistView,
  worklistCountText,
  worklistFilterErrorOrder,
  writeWorklistView,
  type WorklistFilterErrors,
  type WorklistView,
} from '../lib/worklist-params';
import { ExportWorklistForm } from './export-worklist-form';
import { loadFailureItems, useFailureAttempts } from './load-failure';
import { UnknownPrioritisationType } from './prioritisation-heading';
import { FlagCounts, RiskWaitMatrix } from './risk-wait-matrix';
import { WorklistFilterForm, worklistFilterFieldId } from './worklist-filter-form';
import { worklistColumns } from './worklist-columns';
import './prioritisation.scss';
import { PredictionsSuspended } from '../../../components/predictions-suspended';
import { SuccessNotice } from '../../../components/success-notice';

const sortOptions = (Object.keys(worklistSortLabels) as WorklistSort[]).map((value) => ({
  value,
  label: worklistSortLabels[value],
}));

/**
 * /prioritisation/{type} (decision 0044): the procedure's active pathways as a risk × wait matrix
 * and flag counts, each a link that filters the worklist under them; the worklist, 15 a page, with
 * its filters, order and page kept in the address, and its export.
 */
export function PrioritisationWorklistPage() {
  const { type, name } = useProcedureType();
  if (!type) return <UnknownPrioritisationType />;
  return <PrioritisationWorklist type={type} name={name} />;
}

function PrioritisationWorklist({ type, name }: { type: ProcedureCode; name: string | undefined }) {
  const trust = useTrustCode();
  const role = useAuth().currentSelectedRole;
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => readWorklistView(params), [params]);
  const appliedKey = writeWorklistView({
    filters: view.filters,
    sort: defaultWorklistSort,
    page: 1,
  }).toString();
  const counted = useMemo(() => matrixFilters(view.filters), [view.filters]);
  const matrix = useMatrix(trust, type, counted);
  const worklist = useWorklist(trust, type, view);
  const go = (next: WorklistView) => setParams(writeWorklistView(next));

  const [errors, setErrors] = useState<WorklistFilterErrors>({});
  const [exportFailure, setExportFailure] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  // Back or a link brings other filters: the form shows them, without the last attempt's errors.
  const [errorsKey, setErrorsKey] = useState(appliedKey);
  if (errorsKey !== appliedKey) {
    setErrorsKey(appliedKey);
    setErrors({});
  }
  const loadAttempt = useFailureAttempts(Math.max(matrix.errorUpdatedAt, worklist.errorUpdatedAt));

  const summary: ErrorSummaryItem[] = [
    ...worklistFilterErrorOrder.flatMap((key) =>
      errors[key] ? [{ text: errors[key], fieldId: worklistFilterFieldId(key) }] : [],
    ),
    ...(exportFailure
      ? [
          {
            text: (exportFailure instanceof ApiError && exportFailure.body?.detail) || messages.reportFailed,
          },
        ]
      : []),
    ...loadFailureItems([matrix, worklist]),
  ];
  const filtered = hasWorklistFilters(view.filters);
  // A count of the matrix or the flags leads to the pathways it counted: their heading, which says
  // what they are, takes the focus and comes into view (the matrix is far above them).
  const location = useLocation();
  // What a validation recorded by a waiting list admin, who returns here, has just done: it is said
  // in a banner that takes the focus, before the results a count led to.
  const notice = usePageNotice();
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const toResults = (location.state as { toResults?: boolean } | null)?.toResults === true;
  useEffect(() => {
    if (toResults && !notice) resultsHeading.current?.focus();
  }, [location.key, toResults, notice]);
  const { risk, wait, flag } = view.filters;
  const shownText = [
    risk || wait ? cellDescription(risk, wait) : '',
    flag ? inSentence(flagLabels[flag]) : '',
  ]
    .filter(Boolean)
    .join(', ');
  // Decision 0063: while suspended the API orders the highest risk as the longest wait; say so.
  const shownSort = matrix.data?.suspendedOn && view.sort === 'highest_risk' ? 'longest_wait' : view.sort;
  const page = worklist.data;
  const total = page?.totalCount;
  // The last page's rows stay on screen while the next ones load; the count says they are coming.
  const refreshing = worklist.isPlaceholderData && worklist.isFetching;
  const empty = Boolean(page && page.items.length === 0 && !worklist.isError);
  const procedure = name ? name.toLowerCase() : 'this type of operation';

  return (
    <>
      {notice && <SuccessNotice text={notice} />}
      <ErrorSummary errors={summary} attempt={attempt + loadAttempt} />
      <CaptionHeading title="Prioritisation worklist" caption={name} />
      <p>
        The active pathways for {procedure} by risk of complications and by how long they have waited. Choose
        a count to see its pathways in the worklist.
      </p>
      <p>
        <Link className="nhsuk-link" to={paths.prioritisationEquity(type)}>
          See waits by sex, ethnic group and age band
        </Link>
      </p>

      {matrix.data?.suspendedOn && (
        <PredictionsSuspended
          procedureName={name ?? 'this type of operation'}
          suspendedOn={matrix.data.suspendedOn}
        />
      )}
      <h2>Risk and wait</h2>
      <ListStatus
        isLoading={matrix.isLoading}
        isError={matrix.isError}
        isEmpty={false}
        onRetry={() => void matrix.refetch()}
      />
      {matrix.data && !matrix.isError && <RiskWaitMatrix matrix={matrix.data} type={type} view={view} />}

      <h2>Flags</h2>
      <FlagCounts
        matrix={matrix.data}
        isLoading={matrix.isLoading}
        isError={matrix.isError}
        type={type}
        view={view}
      />

      <h2 id="worklist" ref={resultsHeading} tabIndex={-1} className="app-focus-target">
        Worklist{shownText && `: ${shownText}`}
      </h2>
      <WorklistFilterForm
        suspended={Boolean(matrix.data?.suspendedOn)}
        applied={view.filters}
        appliedKey={appliedKey}
        errors={errors}
        onApply={(filters) => {
          setErrors({});
          go({ filters, sort: view.sort, page: 1 });
        }}
        onInvalid={(found) => {
          // The worklist and the address stay as they were until the filters are corrected.
          setErrors(found);
          setAttempt((count) => count + 1);
        }}
        onClear={() => {
          setErrors({});
          go({ filters: {}, sort: view.sort, page: 1 });
        }}
      />
      {/* Announced when the filters, the order or the page change the count, as the table itself is not. */}
      <p className="nhsuk-body nhsuk-u-font-weight-bold" role="status">
        {refreshing
          ? messages.loading
          : total !== undefined && !worklist.isError
            ? worklistCountText(total, filtered, shownSort)
            : ''}
      </p>
      {empty ? (
        <InsetText>
          {total !== undefined && total > 0 ? (
            <>
              <p>This page is past the end of the worklist.</p>
              <p>
                <Link
                  className="nhsuk-link"
                  to={paths.prioritisationWorklist(type, writeWorklistView({ ...view, page: 1 }).toString())}
                >
                  Go to the first page
                </Link>
              </p>
            </>
          ) : filtered ? (
            <>
              <p>No pathways match these filters.</p>
              <p>
                <Link className="nhsuk-link" to={paths.prioritisationWorklist(type, clearedQuery(view))}>
                  Clear filters
                </Link>
              </p>
            </>
          ) : (
            <p>There are no active pathways for {procedure}.</p>
          )}
        </InsetText>
      ) : (
        <PagedResults
          query={worklist}
          caption={`Worklist${name ? ` for ${name.toLowerCase()}` : ''}`}
          columns={worklistColumns(type, role)}
          rowKey={(row) => row.id}
          layout="records-fit"
          before={
            <div className="nhsuk-grid-row app-worklist-tools">
              <div className="nhsuk-grid-column-one-half">
                <SortChoice
                  id="worklist-sort"
                  value={shownSort}
                  options={
                    // Decision 0063: no order by a suspended risk.
                    matrix.data?.suspendedOn
                      ? sortOptions.filter((option) => option.value !== 'highest_risk')
                      : sortOptions
                  }
                  onSort={(value) => {
                    const chosen = worklistSortSchema.safeParse(value);
                    if (chosen.success) go({ filters: view.filters, sort: chosen.data, page: 1 });
                  }}
                />
              </div>
              <div className="nhsuk-grid-column-one-half">
                <ExportWorklistForm
                  type={type}
                  filters={view.filters}
                  sort={shownSort}
                  onFailure={(error) => {
                    setExportFailure(error);
                    if (error) setAttempt((count) => count + 1);
                  }}
                />
              </div>
            </div>
          }
          onPageChange={(pageNumber) => go({ ...view, page: pageNumber })}
          hrefFor={(pageNumber) =>
            paths.prioritisationWorklist(type, writeWorklistView({ ...view, page: pageNumber }).toString())
          }
        />
      )}
    </>
  );
}
