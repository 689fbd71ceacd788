import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { messages } from '@esr/contracts/messages';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { Button } from '../../../components/button';
import { ErrorSummary } from '../../../components/error-summary';
import { PagedResults } from '../../../components/list-status';
import { paths } from '../../../config/paths';
import { useTrustCode } from '../../../lib/auth/trust-code';
import { filterErrorItems, useFilterErrors } from '../../../lib/filter-errors';
import { useProcedureType } from '../../../lib/procedure-type';
import { useActiveRecords } from '../api/get-active-records';
import {
  filterErrorOrder,
  hasActiveFilters,
  readActiveFilters,
  readActivePage,
  writeActiveFilters,
  type FilterErrors,
} from '../lib/active-filters';
import { countText } from '../lib/record-count';
import { nextSort, readActiveSort, sortChoices, sortFromChoice, type ActiveSort } from '../lib/active-sort';
import { SortChoice } from '../../../components/sort-choice';
import { ActiveFilterForm, filterFieldId } from './active-filter-form';
import { ProcedureHeading, UnknownOpenPathwaysType } from './procedure-heading';
import { activeRecordColumns } from './record-columns';
import { PredictionsSuspended } from '../../../components/predictions-suspended';

/**
 * docs/requirements.md §2 …/total: the type's active records, filtered and 15 a page (docs/requirements.md §9), the filters,
 * the order and the page kept in the address; View report on processed rows; Generate report for the
 * same records. The risk leads each row and the headers sort the list
 * (docs/decisions/0038-the-risk-leads-the-lists.md).
 */
export function TotalRecordsPage() {
  const { type, name } = useProcedureType();
  if (!type) return <UnknownOpenPathwaysType />;
  return <TotalRecords type={type} name={name} />;
}

function TotalRecords({ type, name }: { type: ProcedureCode; name: string | undefined }) {
  const trust = useTrustCode();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const applied = useMemo(() => readActiveFilters(params), [params]);
  const appliedKey = writeActiveFilters(applied).toString();
  const pageNumber = readActivePage(params);
  const order = useMemo(() => readActiveSort(params), [params]);
  const records = useActiveRecords(trust, type, { filters: applied, pageNumber, sort: order });
  const columns = activeRecordColumns(type);
  // A new order starts at the first page; the filters stay.
  const sortBy = (next: ActiveSort) => setParams(writeActiveFilters(applied, 1, next));
  const filterErrors = useFilterErrors<keyof FilterErrors>(appliedKey);
  const total = records.data?.totalCount;
  // The last search's rows stay on screen while the next ones load; the count says they are coming.
  const refreshing = records.isPlaceholderData && records.isFetching;
  // Decision 0063: the list's rows carry the suspension's day where their band would be.
  const suspendedOn = records.data?.items.find((record) => record.status === 'suspended')?.statusDetail;

  return (
    <>
      <ErrorSummary
        errors={filterErrorItems(filterErrorOrder, filterErrors.errors, filterFieldId)}
        attempt={filterErrors.attempt}
      />
      <ProcedureHeading title="Total records" name={name} listOf={type} />
      {suspendedOn && (
        <PredictionsSuspended procedureName={name ?? 'this type of operation'} suspendedOn={suspendedOn} />
      )}
      <ActiveFilterForm
        applied={applied}
        appliedKey={appliedKey}
        errors={filterErrors.errors}
        onSearch={(filters) => {
          filterErrors.clearErrors();
          setParams(writeActiveFilters(filters, 1, order));
        }}
        onInvalid={filterErrors.refuse}
        onClear={() => {
          filterErrors.clearErrors();
          setParams(writeActiveFilters({}, 1, order));
        }}
      />
      <div className="app-heading-row">
        {/* Announced when a search changes the count, as the table itself is not. */}
        <p className="nhsuk-body nhsuk-u-font-weight-bold" role="status">
          {refreshing
            ? messages.loading
            : total !== undefined && !records.isError
              ? countText(total, hasActiveFilters(applied), order)
              : ''}
        </p>
        <Button variant="secondary" onClick={() => void navigate(paths.generateReport(type, appliedKey))}>
          Generate report
        </Button>
      </div>
      <PagedResults
        query={records}
        caption={`Active records${name ? ` for ${name.toLowerCase()}` : ''}`}
        columns={columns}
        rowKey={(row) => row.id}
        layout="records-fit"
        sort={{
          key: order.sort,
          direction: order.direction,
          onSort: (key) => sortBy(nextSort(order, key)),
        }}
        before={
          // The order as a choice for narrow screens, where the table stacks and its header row (with
          // the sort buttons) is not shown.
          <SortChoice
            id="sort-records"
            narrowOnly
            value={`${order.sort}:${order.direction}`}
            options={sortChoices}
            onSort={(value) => {
              const chosen = sortFromChoice(value);
              if (chosen) sortBy(chosen);
            }}
          />
        }
        onPageChange={(page) => setParams(writeActiveFilters(applied, page, order))}
        hrefFor={(page) => paths.totalRecords(type, writeActiveFilters(applied, page, order).toString())}
      />
    </>
  );
}
