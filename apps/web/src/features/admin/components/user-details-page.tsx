import { useParams } from 'react-router';
import { SummaryList } from '../../../components/content';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/dates';
import { useUser } from '../api/get-user';
import { useAdminRole } from '../lib/admin-role';
import { EditLink } from './edit-link';
import { QueryStatus } from '../../../components/list-status';
import { StatusTag } from './manage-trusts-page';

/** docs/requirements.md §2 User details: name, e-mail, trust name and code, roles, status, date created; edit icon. */
export function UserDetailsPage() {
  const { trustCode, userId = '' } = useParams();
  const { isSuperAdmin } = useAdminRole();
  const user = useUser(userId, !isSuperAdmin);
  const data = user.data;
  return (
    <>
      <h1>{data?.userName ?? 'User details'}</h1>
      <QueryStatus query={user} />
      {data && (
        <>
          <div className="app-heading-row">
            <h2 className="nhsuk-heading-m">User details</h2>
            <EditLink
              to={
                trustCode
                  ? paths.trustEditUserDetails(trustCode, data.userId)
                  : paths.editUserDetails(data.userId)
              }
              what="user details"
            />
          </div>
          <SummaryList
            rows={[
              { key: 'User name', value: data.userName },
              { key: 'Email', value: data.email },
              { key: 'Trust name', value: data.trustName },
              { key: 'Trust code', value: data.trustCode },
              { key: 'Assigned roles', value: data.assignedRoles.map((role) => role.name).join(', ') },
              { key: 'Status', value: <StatusTag status={data.status} /> },
              { key: 'Date created', value: formatDate(data.createdDate) },
            ]}
          />
        </>
      )}
    </>
  );
}
