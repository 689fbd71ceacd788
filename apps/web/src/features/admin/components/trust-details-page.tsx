import { Link, useParams } from 'react-router';
import { messages } from '@esr/contracts/messages';
import { formatPhone } from '@esr/contracts/phone';
import { SummaryList } from '../../../components/content';
import { paths } from '../../../config/paths';
import { useTrust } from '../api/get-trust';
import { EditLink } from './edit-link';
import { QueryStatus } from '../../../components/list-status';
import { StatusTag } from './manage-trusts-page';

/** docs/requirements.md §2 Trust details: every field, phone as code plus 3-3-4 number, users link, edit icon; the trust's integration clients (decision 0048). */
export function TrustDetailsPage() {
  const { trustCode = '' } = useParams();
  const trust = useTrust(trustCode);
  const data = trust.data;
  return (
    <>
      <h1>{data?.trustName ?? 'Trust details'}</h1>
      <QueryStatus query={trust} />
      {data && (
        <>
          <div className="app-heading-row">
            <h2 className="nhsuk-heading-m">Trust details</h2>
            <EditLink to={paths.editTrustDetails(data.trustCode)} what="trust details" />
          </div>
          <SummaryList
            rows={[
              { key: 'Trust name', value: data.trustName },
              { key: 'Trust code', value: data.trustCode },
              { key: 'Role description', value: data.trustRoleDescription },
              { key: 'Region', value: data.region },
              { key: 'Region code', value: data.regionCode },
              { key: 'Country', value: data.country },
              { key: 'Status', value: <StatusTag status={data.status} /> },
              { key: 'Trust tenant ID', value: data.trustTenantId ?? messages.notAvailable },
              {
                key: 'Primary contact name',
                value:
                  `${data.primaryContactFirstName} ${data.primaryContactLastName}`.trim() ||
                  messages.notAvailable,
              },
              { key: 'Primary contact email', value: data.primaryContactEmail || messages.notAvailable },
              {
                key: 'Primary contact telephone',
                value:
                  formatPhone(data.primaryContactTelCode, data.primaryContactTelNumber) ||
                  messages.notAvailable,
              },
              {
                key: 'Assigned users',
                value: (
                  <>
                    {data.assignedUsers}
                    {data.assignedUsers > 0 && (
                      <>
                        {' '}
                        <Link to={paths.trustUsers(data.trustCode)}>
                          View all assigned users
                          <span className="nhsuk-u-visually-hidden"> of {data.trustName}</span>
                        </Link>
                      </>
                    )}
                  </>
                ),
              },
              {
                key: 'Integration clients',
                value: (
                  <Link to={paths.integrationClients(data.trustCode)}>
                    View integration clients
                    <span className="nhsuk-u-visually-hidden"> of {data.trustName}</span>
                  </Link>
                ),
              },
            ]}
          />
        </>
      )}
    </>
  );
}
