import { Link, useNavigate } from 'react-router';
import { statusLabel } from '@esr/contracts/users';
import type { Trust } from '@esr/contracts/trusts';
import { Button } from '../../../components/button';
import { Tag, type Column } from '../../../components/content';
import { FilterForm, SelectFilter, TextFilter } from '../../../components/list-filters';
import { paths } from '../../../config/paths';
import { useTrusts, type TrustFilters } from '../api/get-trusts';
import { useAddressFilters } from '../lib/address-filters';
import { readFilters } from '../lib/search-params';
import { statusOptions } from './form-parts';
import { PagedResults } from '../../../components/list-status';

const filterKeys = ['trustName', 'trustCode', 'region', 'regionCode', 'country', 'status'] as const;
const readTrustFilters = (params: URLSearchParams) => readFilters(params, filterKeys) as TrustFilters;

export const StatusTag = ({ status }: { status: number }) => (
  <Tag colour={status === 1 ? 'green' : 'grey'}>{statusLabel(status)}</Tag>
);

/** The Status filter of the trust and user lists: Active, Disabled or any. */
export const StatusFilter = ({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (value: string) => void;
}) => (
  <SelectFilter
    name="status"
    label="Status"
    placeholder="Any status"
    options={statusOptions}
    value={value}
    onChange={onChange}
  />
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

/** docs/requirements.md §2 Manage active trusts: filters with Search and Clear, table, pagination, Add trust. */
export function ManageTrustsPage() {
  const navigate = useNavigate();
  const filters = useAddressFilters(readTrustFilters);
  const { draft, edit } = filters;
  const trusts = useTrusts(filters.applied, filters.pageNumber);
  const field = (key: keyof TrustFilters, label: string) => (
    <TextFilter name={key} label={label} value={draft[key]} onChange={edit(key)} />
  );

  return (
    <>
      <h1>Manage active trusts</h1>
      <Button onClick={() => void navigate(paths.addNewTrust())}>Add trust</Button>
      <FilterForm title="Filter trusts" onSearch={() => filters.search()} onClear={filters.clear}>
        <div className="nhsuk-grid-row">
          {field('trustName', 'Trust name')}
          {field('trustCode', 'Trust code')}
          {field('region', 'Region name')}
        </div>
        <div className="nhsuk-grid-row">
          {field('regionCode', 'Region code')}
          {field('country', 'Country')}
          <StatusFilter value={draft.status} onChange={edit('status')} />
        </div>
      </FilterForm>
      <PagedResults
        query={trusts}
        caption="Trusts"
        noun="trust"
        columns={columns}
        rowKey={(trust) => trust.trustCode}
        onPageChange={filters.goToPage}
      />
    </>
  );
}
