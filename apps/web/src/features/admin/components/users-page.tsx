import { Link, useNavigate, useParams } from 'react-router';
import type { UserListItem } from '@esr/contracts/users';
import { Button } from '../../../components/button';
import type { Column } from '../../../components/content';
import { FilterForm, TextFilter } from '../../../components/list-filters';
import { paths } from '../../../config/paths';
import { useRoles } from '../api/get-roles';
import { useTrust } from '../api/get-trust';
import { useUsers, type UserListFilters } from '../api/get-users';
import { useAdminRole } from '../lib/admin-role';
import { useAddressFilters } from '../lib/address-filters';
import { readFilters } from '../lib/search-params';
import { PagedResults } from '../../../components/list-status';
import { StatusFilter, StatusTag } from './manage-trusts-page';
import { RoleMultiSelect } from './role-multi-select';

const textKeys = ['userName', 'email', 'trustName', 'trustCode', 'status'] as const;
type Draft = Omit<UserListFilters, 'assignedRoles'> & { assignedRoles: string[] };

const readUserFilters = (params: URLSearchParams): Draft => ({
  ...readFilters(params, textKeys),
  assignedRoles: params.getAll('roles'),
});
/** The address keeps the chosen roles under `roles`. */
const inAddressKeys = ({ assignedRoles, ...text }: Draft) => ({ ...text, roles: assignedRoles });

/** The per-trust list of a super admin (docs/requirements.md §2 /manage-active-trusts/{trustCode}/users). */
export function TrustUsersPage() {
  const { trustCode = '' } = useParams();
  const trust = useTrust(trustCode);
  return <UsersList trustCode={trustCode} trustName={trust.data?.trustName} />;
}

/** The global list (docs/requirements.md §2 /manage-active-users): every trust for super admins, own trust for trust admins. */
export function ManageUsersPage() {
  return <UsersList />;
}

/** docs/requirements.md §2 user lists: filters, columns (trust columns for super admins only), 15 a page. */
function UsersList({ trustCode, trustName }: { trustCode?: string; trustName?: string | undefined }) {
  const { isSuperAdmin, ownTrustCode, ownTrustName } = useAdminRole();
  const navigate = useNavigate();
  const filters = useAddressFilters(readUserFilters, inAddressKeys);
  const { draft, edit } = filters;
  const roles = useRoles(!isSuperAdmin);
  const scope = {
    trustCode: trustCode ?? (isSuperAdmin ? undefined : ownTrustCode),
    hideSuperAdminRole: !isSuperAdmin,
  };
  const users = useUsers(scope, filters.applied, filters.pageNumber);
  const showTrustFilters = isSuperAdmin && !trustCode;

  const detailsPath = (user: UserListItem) =>
    trustCode ? paths.trustUserDetails(trustCode, user.userId) : paths.userDetails(user.userId);
  const columns: Column<UserListItem>[] = [
    { header: 'User name', cell: (user) => <Link to={detailsPath(user)}>{user.userName}</Link> },
    { header: 'Email', cell: (user) => user.email },
    ...(isSuperAdmin
      ? [
          { header: 'Trust name', cell: (user: UserListItem) => user.trustName },
          { header: 'Trust code', cell: (user: UserListItem) => user.trustCode },
        ]
      : []),
    { header: 'Assigned roles', cell: (user) => user.assignedRoles.map((role) => role.name).join(', ') },
    { header: 'Status', cell: (user) => <StatusTag status={user.status} /> },
  ];

  const text = (key: 'userName' | 'email' | 'trustName' | 'trustCode', label: string) => (
    <TextFilter name={key} label={label} value={draft[key]} onChange={edit(key)} />
  );
  const heading = trustCode ? 'Trust users' : 'Manage active users';
  const caption = trustCode ? trustName : isSuperAdmin ? undefined : ownTrustName;

  return (
    <>
      <h1>
        {caption && <span className="nhsuk-caption-l">{caption}</span>}
        {heading}
      </h1>
      <Button
        onClick={() => void navigate(trustCode ? paths.trustAddNewUser(trustCode) : paths.addNewUser())}
      >
        Add new user
      </Button>
      <FilterForm title="Filter users" onSearch={() => filters.search()} onClear={filters.clear}>
        <div className="nhsuk-grid-row">
          {text('userName', 'User name')}
          {text('email', 'Email')}
          <StatusFilter value={draft.status} onChange={edit('status')} />
        </div>
        <div className="nhsuk-grid-row">
          <div className="nhsuk-grid-column-one-third">
            <RoleMultiSelect
              roles={roles.data ?? []}
              selected={draft.assignedRoles}
              onChange={edit('assignedRoles')}
            />
          </div>
          {showTrustFilters && text('trustName', 'Trust name')}
          {showTrustFilters && text('trustCode', 'Trust code')}
        </div>
      </FilterForm>
      <PagedResults
        query={users}
        caption="Users"
        noun="user"
        columns={columns}
        rowKey={(user) => user.userId}
        onPageChange={filters.goToPage}
      />
    </>
  );
}
