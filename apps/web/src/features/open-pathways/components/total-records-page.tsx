import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { messages } from '@esr/contracts/messages';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { Button } from '../../../components/button';
import { ErrorSummary } from '../../../components/error-summary';
import { PagedResults } from '../../../components/list-status';
import { paths } from '../../../config/paths';
import { useTrustCode } from '../../../lib/auth/trust-code';
import { useProcedureNameOf, useProcedureType } from '../../../lib/procedure-type';
import { useActiveRecords } from '../api/get-active-records';
import {
  filterErrorOrder,
  hasActiveFilters,
  readActiveFilters,
  readActivePage,
  writeActiveFilters,
  type FilterErrors,
} from '../lib/active-filters';
import { ActiveFilterForm, filterFieldId } from './active-filter-form';
import { ProcedureHeading, UnknownOpenPathwaysType } from './procedure-heading';
import { activeRecordColumns } from './record-columns';

/**
 * docs/requirements.md §2 …/total: the type's active records, filtered and 15 a page (docs/requirements.md §9), the filters and
 * the page kept in the address; View report on processed rows; Generate report for the same records.
 */
export function TotalRecordsPage() {
  const { type, name } = useProcedureType();
  if (!type) return <UnknownOpenPathwaysType />;
  return <TotalRecords type={type} name={name} />;
}

/** How many records the table holds: all on the list, or those the filters match. */
function countText(count: number, filtered: boolean): string {
  const one = count === 1;
  const words = filtered
    ? one
      ? 'record matches the filters'
      : 'records match the filters'
    : one
      ? 'record on the waiting list'
      : 'records on the waiting list';
  return `${count.toLocaleString('en-GB')} ${words}`;
}

function TotalRecords({ type, name }: { type: ProcedureCode; name: string | undefined }) {
  const trust = useTrustCode();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const applied = useMemo(() => readActiveFilters(params), [params]);
  const appliedKey = writeActiveFilters(applied).toString();
  const pageNumber = readActivePage(params);
  const records = useActiveRecords(trust, type, applied, pageNumber);
  const columns = activeRecordColumns(type, useProcedureNameOf());
  const [errors, setErrors] = useState<FilterErrors>({});
  const [attempt, setAttempt] = useState(0);
  // Back or a link brings other filters: the form shows them, without the last attempt's errors.
  const [errorsKey, setErrorsKey] = useState(appliedKey);
  if (errorsKey !== appliedKey) {
    setErrorsKey(appliedKey);
    setErrors({});
  }
  const total = records.data?.totalCount;
  // The last search's rows stay on screen while the next ones load; the count says they are coming.
  const refreshing = records.isPlaceholderData && records.isFetching;

  return (
    <>
      <ErrorSummary
        errors={filterErrorOrder.flatMap((key) =>
          errors[key] ? [{ text: errors[key], fieldId: filterFieldId(key) }] : [],
        )}
        attempt={attempt}
      />
      <ProcedureHeading title="Total records" name={name} />
      <ActiveFilterForm
        applied={applied}
        appliedKey={appliedKey}
        errors={errors}
        onSearch={(filters) => {
          setErrors({});
          setParams(writeActiveFilters(filters));
        }}
        onInvalid={(found) => {
          // The table and the address stay as they were until the filters are corrected.
          setErrors(found);
          setAttempt((count) => count + 1);
        }}
        onClear={() => {
          setErrors({});
          setParams(new URLSearchParams());
        }}
      />
      <div className="app-heading-row">
        {/* Announced when a search changes the count, as the table itself is not. */}
        <p className="nhsuk-body nhsuk-u-font-weight-bold" role="status">
          {refreshing
            ? messages.loading
            : total !== undefined && !records.isError
              ? countText(total, hasActiveFilters(applied))
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
        scrollable
        onPageChange={(page) => setParams(writeActiveFilters(applied, page))}
        hrefFor={(page) => paths.totalRecords(type, writeActiveFilters(applied, page).toString())}
      />
    </>
  );
}
