import { Link } from 'react-router';
import { messages } from '@esr/contracts/messages';
import { worklistSortLabels, worklistSortSchema, type WorklistSort } from '@esr/contracts/prioritisation';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { InsetText } from '../../../components/content';
import { PagedResults } from '../../../components/list-status';
import { SortChoice } from '../../../components/sort-choice';
import { useAuth } from '../../../lib/auth/auth-provider';
import { paths } from '../../../config/paths';
import type { useWorklist } from '../api/get-worklist';
import {
  clearedQuery,
  hasWorklistFilters,
  worklistCountText,
  writeWorklistView,
  type WorklistView,
} from '../lib/worklist-params';
import { ExportWorklistForm } from './export-worklist-form';
import { worklistColumns } from './worklist-columns';

const sortOptions = (Object.keys(worklistSortLabels) as WorklistSort[]).map((value) => ({
  value,
  label: worklistSortLabels[value],
}));

/** What the worklist's results are of, and how they are shown. */
export interface WorklistResultsProps {
  type: ProcedureCode;
  name: string | undefined;
  view: WorklistView;
  worklist: ReturnType<typeof useWorklist>;
  /** Decision 0063: predictions are suspended, so no order is by the risk. */
  suspended: boolean;
  go: (next: WorklistView) => void;
  onExportFailure: (error: unknown) => void;
}

const procedureOf = (name: string | undefined) => (name ? name.toLowerCase() : 'this type of operation');

/** No rows on this page: past the end, none matching the filters, or none at all. */
function EmptyWorklist({
  type,
  name,
  view,
  total,
  filtered,
}: WorklistResultsProps & { total: number | undefined; filtered: boolean }) {
  return (
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
        <p>There are no active pathways for {procedureOf(name)}.</p>
      )}
    </InsetText>
  );
}

/** Above the table: the order to choose, and the export of the pathways the filters match. */
function WorklistTools({
  type,
  view,
  suspended,
  shownSort,
  go,
  onExportFailure,
}: WorklistResultsProps & { shownSort: WorklistSort }) {
  return (
    <div className="nhsuk-grid-row app-worklist-tools">
      <div className="nhsuk-grid-column-one-half">
        <SortChoice
          id="worklist-sort"
          value={shownSort}
          options={
            // Decision 0063: no order by a suspended risk.
            suspended ? sortOptions.filter((option) => option.value !== 'highest_risk') : sortOptions
          }
          onSort={(value) => {
            const chosen = worklistSortSchema.safeParse(value);
            if (chosen.success) go({ filters: view.filters, sort: chosen.data, page: 1 });
          }}
        />
      </div>
      <div className="nhsuk-grid-column-one-half">
        <ExportWorklistForm type={type} filters={view.filters} sort={shownSort} onFailure={onExportFailure} />
      </div>
    </div>
  );
}

/** The worklist's count, then its page of pathways with their tools and pages, or why there are none. */
export function WorklistResults(props: WorklistResultsProps) {
  const { type, name, view, worklist, suspended, go } = props;
  const role = useAuth().currentSelectedRole;
  const filtered = hasWorklistFilters(view.filters);
  // Decision 0063: while suspended the API orders the highest risk as the longest wait; say so.
  const shownSort = suspended && view.sort === 'highest_risk' ? 'longest_wait' : view.sort;
  const page = worklist.data;
  const total = page?.totalCount;
  // The last page's rows stay on screen while the next ones load; the count says they are coming.
  const refreshing = worklist.isPlaceholderData && worklist.isFetching;
  const empty = Boolean(page && page.items.length === 0 && !worklist.isError);
  return (
    <>
      {/* Announced when the filters, the order or the page change the count, as the table itself is not. */}
      <p className="nhsuk-body nhsuk-u-font-weight-bold" role="status">
        {refreshing
          ? messages.loading
          : total !== undefined && !worklist.isError
            ? worklistCountText(total, filtered, shownSort)
            : ''}
      </p>
      {empty ? (
        <EmptyWorklist {...props} total={total} filtered={filtered} />
      ) : (
        <PagedResults
          query={worklist}
          caption={`Worklist${name ? ` for ${name.toLowerCase()}` : ''}`}
          columns={worklistColumns(type, role)}
          rowKey={(row) => row.id}
          layout="records-fit"
          before={<WorklistTools {...props} shownSort={shownSort} />}
          onPageChange={(pageNumber) => go({ ...view, page: pageNumber })}
          hrefFor={(pageNumber) =>
            paths.prioritisationWorklist(type, writeWorklistView({ ...view, page: pageNumber }).toString())
          }
        />
      )}
    </>
  );
}
