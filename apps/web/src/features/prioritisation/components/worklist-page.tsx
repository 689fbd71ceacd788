import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { messages } from '@esr/contracts/messages';
import { flagLabels } from '@esr/contracts/prioritisation';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { CaptionHeading } from '../../../components/caption-heading';
import { FreshnessBanner, ListDataAsAt } from '../../../components/data-freshness';
import { ErrorSummary, type ErrorSummaryItem } from '../../../components/error-summary';
import { QueryStatus } from '../../../components/list-status';
import { PredictionsSuspended } from '../../../components/predictions-suspended';
import { SuccessNotice } from '../../../components/success-notice';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useTrustCode } from '../../../lib/auth/trust-code';
import { filterErrorItems, useFilterErrors } from '../../../lib/filter-errors';
import { usePageNotice } from '../../../lib/page-notice';
import { useProcedureType } from '../../../lib/procedure-type';
import { useMatrix } from '../api/get-matrix';
import { useWorklist } from '../api/get-worklist';
import { cellDescription, inSentence } from '../lib/matrix';
import {
  defaultWorklistSort,
  matrixFilters,
  readWorklistView,
  worklistFilterErrorOrder,
  writeWorklistView,
  type WorklistFilterErrors,
  type WorklistView,
} from '../lib/worklist-params';
import { loadFailureItems, useFailureAttempts } from './load-failure';
import { UnknownPrioritisationType } from './prioritisation-heading';
import { FlagCounts, RiskWaitMatrix } from './risk-wait-matrix';
import { WorklistFilterForm, worklistFilterFieldId } from './worklist-filter-form';
import { WorklistResults } from './worklist-results';
import './prioritisation.scss';

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

/** The export's failure in the API's words, or the general one. */
const exportFailureItems = (failure: unknown): ErrorSummaryItem[] =>
  failure ? [{ text: (failure instanceof ApiError && failure.body?.detail) || messages.reportFailed }] : [];

/** The cells and flag the worklist is filtered to, in words, for its heading. */
function shownText({ risk, wait, flag }: WorklistView['filters']) {
  return [risk || wait ? cellDescription(risk, wait) : '', flag ? inSentence(flagLabels[flag]) : '']
    .filter(Boolean)
    .join(', ');
}

/**
 * A count of the matrix or the flags leads to the pathways it counted: their heading, which says
 * what they are, takes the focus and comes into view (the matrix is far above them). A notice
 * (what a validation recorded by a waiting list admin, who returns here, has just done) takes the
 * focus instead.
 */
function useResultsFocus(notice: string | null) {
  const location = useLocation();
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const toResults = (location.state as { toResults?: boolean } | null)?.toResults === true;
  useEffect(() => {
    if (toResults && !notice) resultsHeading.current?.focus();
  }, [location.key, toResults, notice]);
  return resultsHeading;
}

/** The page's lead: what the matrix counts, and the way to the equity of the waits. */
function WorklistIntro({ type, name }: { type: ProcedureCode; name: string | undefined }) {
  const procedure = name ? name.toLowerCase() : 'this type of operation';
  return (
    <>
      <FreshnessBanner procedure={type} />
      <CaptionHeading title="Prioritisation worklist" caption={name} />
      <ListDataAsAt procedure={type} />
      <p>
        The active pathways for {procedure} by risk of complications and by how long they have waited. Choose
        a count to see its pathways in the worklist.
      </p>
      <p>
        <Link className="nhsuk-link" to={paths.prioritisationEquity(type)}>
          See waits by sex, ethnic group and age band
        </Link>
      </p>
      <p>
        <Link className="nhsuk-link" to={paths.optimisationWorklist(type)}>
          See the patients with a risk factor to optimise before surgery
        </Link>
      </p>
    </>
  );
}

/** The risk × wait matrix and the flag counts, after the suspension of predictions if there is one. */
function MatrixAndFlags({
  type,
  name,
  view,
  matrix,
}: {
  type: ProcedureCode;
  name: string | undefined;
  view: WorklistView;
  matrix: ReturnType<typeof useMatrix>;
}) {
  return (
    <>
      {matrix.data?.suspendedOn && (
        <PredictionsSuspended
          procedureName={name ?? 'this type of operation'}
          suspendedOn={matrix.data.suspendedOn}
        />
      )}
      <h2>Risk and wait</h2>
      <QueryStatus query={matrix} />
      {matrix.data && !matrix.isError && <RiskWaitMatrix matrix={matrix.data} type={type} view={view} />}

      <h2>Flags</h2>
      <FlagCounts
        matrix={matrix.data}
        isLoading={matrix.isLoading}
        isError={matrix.isError}
        type={type}
        view={view}
      />
    </>
  );
}

function PrioritisationWorklist({ type, name }: { type: ProcedureCode; name: string | undefined }) {
  const trust = useTrustCode();
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

  const filterErrors = useFilterErrors<keyof WorklistFilterErrors>(appliedKey);
  const [exportFailure, setExportFailure] = useState<unknown>(null);
  const loadAttempt = useFailureAttempts(Math.max(matrix.errorUpdatedAt, worklist.errorUpdatedAt));
  const summary: ErrorSummaryItem[] = [
    ...filterErrorItems(worklistFilterErrorOrder, filterErrors.errors, worklistFilterFieldId),
    ...exportFailureItems(exportFailure),
    ...loadFailureItems([matrix, worklist]),
  ];
  const notice = usePageNotice();
  const resultsHeading = useResultsFocus(notice);
  const shown = shownText(view.filters);
  const suspended = Boolean(matrix.data?.suspendedOn);

  return (
    <>
      {notice && <SuccessNotice text={notice} />}
      <ErrorSummary errors={summary} attempt={filterErrors.attempt + loadAttempt} />
      <WorklistIntro type={type} name={name} />
      <MatrixAndFlags type={type} name={name} view={view} matrix={matrix} />

      <h2 id="worklist" ref={resultsHeading} tabIndex={-1} className="app-focus-target">
        Worklist{shown && `: ${shown}`}
      </h2>
      <WorklistFilterForm
        suspended={suspended}
        applied={view.filters}
        appliedKey={appliedKey}
        errors={filterErrors.errors}
        onApply={(filters) => {
          filterErrors.clearErrors();
          go({ filters, sort: view.sort, page: 1 });
        }}
        onInvalid={filterErrors.refuse}
        onClear={() => {
          filterErrors.clearErrors();
          go({ filters: {}, sort: view.sort, page: 1 });
        }}
      />
      <WorklistResults
        type={type}
        name={name}
        view={view}
        worklist={worklist}
        suspended={suspended}
        go={go}
        onExportFailure={(error) => {
          setExportFailure(error);
          if (error) filterErrors.countAttempt();
        }}
      />
    </>
  );
}
