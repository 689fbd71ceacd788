import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { statusLabel } from '@esr/contracts/users';
import type { Trust } from '@esr/contracts/trusts';
import { Button } from '../../../components/button';
import { Tag, type Column } from '../../../components/content';
import { Select, TextInput } from '../../../components/form-fields';
import { paths } from '../../../config/paths';
import { useTrusts, type TrustFilters } from '../api/get-trusts';
import { readFilters, readPage, writeFilters } from '../lib/search-params';
import { statusOptions } from './form-parts';
import { FilterButtons, PagedResults } from '../../../components/list-status';

const filterKeys = ['trustName', 'trustCode', 'region', 'regionCode', 'country', 'status'] as const;

export const StatusTag = ({ status }: { status: number }) => (
  <Tag colour={status === 1 ? 'green' : 'grey'}>{statusLabel(status)}</Tag>
);

const columns: Column<Trust>[] = [
  {
    header: 'Trust name',
    cell: (trust) => <Link to={paths.trustDetails(trust.trustCode)}>{trust.trustName}</Link>,
  },
  { header: 'Trust code', cell: (trust) => trust.trustCode },
  { header: 'Region name', cell: (trust) => trust.region },
  { header: 'Region code', cell: (trust) => trust.regionCode },
  { header: 'Country', cell: (trust) => trust.country },
  { header: 'Assigned users', cell: (trust) => trust.assignedUsers, numeric: true },
  { header: 'Status', cell: (trust) => <StatusTag status={trust.status} /> },
  { header: 'Trust tenant ID', cell: (trust) => trust.trustTenantId ?? '' },
];

/** spec §2 Manage active trusts: filters with Search and Clear, table, pagination, Add trust. */
export function ManageTrustsPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const applied = readFilters(params, filterKeys) as TrustFilters;
  const pageNumber = readPage(params);
  const [draft, setDraft] = useState<TrustFilters>(applied);
  const trusts = useTrusts(applied, pageNumber);

  const search = (event: FormEvent) => {
    event.preventDefault();
    setParams(writeFilters({ ...draft }));
  };
  const clear = () => {
    setDraft({});
    setParams(new URLSearchParams());
  };
  const field = (key: keyof TrustFilters, label: string) => (
    <div className="nhsuk-grid-column-one-third">
      <TextInput
        id={`filter-${key}`}
        label={label}
        value={draft[key] ?? ''}
        onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
      />
    </div>
  );

  return (
    <>
      <h1>Manage active trusts</h1>
      <Button onClick={() => void navigate(paths.addNewTrust())}>Add trust</Button>
      <form className="app-filter" role="search" aria-label="Filter trusts" onSubmit={search}>
        <h2 className="nhsuk-heading-s">Filter trusts</h2>
        <div className="nhsuk-grid-row">
          {field('trustName', 'Trust name')}
          {field('trustCode', 'Trust code')}
          {field('region', 'Region name')}
        </div>
        <div className="nhsuk-grid-row">
          {field('regionCode', 'Region code')}
          {field('country', 'Country')}
          <div className="nhsuk-grid-column-one-third">
            <Select
              id="filter-status"
              label="Status"
              placeholder="Any status"
              options={statusOptions}
              value={draft.status ?? ''}
              onChange={(event) => setDraft({ ...draft, status: event.target.value })}
            />
          </div>
        </div>
        <FilterButtons onClear={clear} />
      </form>
      <PagedResults
        query={trusts}
        caption="Trusts"
        noun="trust"
        columns={columns}
        rowKey={(trust) => trust.trustCode}
        onPageChange={(next) => setParams(writeFilters({ ...applied }, next))}
      />
    </>
  );
}
