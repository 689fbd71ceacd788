import { useState } from 'react';
import { Link } from 'react-router';
import type { ChangeLogEntry } from '@esr/contracts/change-log';
import type { GuardRole } from '@esr/contracts/roles';
import type { Column } from '../../../components/content';
import { DataText } from '../../../components/data-text';
import { adminMessages } from '@esr/contracts/messages';
import { DateInput, Select, TextInput } from '../../../components/form-fields';
import { datePartsOf, emptyDateParts, readDateParts } from '../../../lib/calendar-date';
import { formatDateTime } from '../../../lib/dates';
import { fieldLabel, fieldValue, inFormOrder } from '../lib/change-description';
import { useChangeLog, type ChangeLogFilters } from '../api/get-change-log';
import { useTrustOptions } from '../api/get-trust-options';
import { useAdminRole } from '../lib/admin-role';
import { useAddressFilters } from '../lib/address-filters';
import { readFilters } from '../lib/search-params';
import { FilterForm } from '../../../components/list-filters';
import { PagedResults } from '../../../components/list-status';
import { paths } from '../../../config/paths';
import { screenTable } from '../../../config/screen-table';
import { useAuth } from '../../../lib/auth/auth-provider';
import { isAdmitted } from '../../../lib/roles';

const filterKeys = ['dateAndTime', 'userMakingChanges', 'trustCode'] as const;
const dateFieldId = 'filter-date';
const readChangeLogFilters = (params: URLSearchParams) => readFilters(params, filterKeys) as ChangeLogFilters;

/**
 * The before and after of the changed fields (security baseline "Audit and logging"). A created
 * record had no before, so only its values are listed.
 */
function Changes({ entry }: { entry: ChangeLogEntry }) {
  const fields = inFormOrder(Object.entries(entry.changes));
  if (fields.length === 0) return null;
  const created = fields.every(([, change]) => change.before === null || change.before === undefined);
  return (
    <details className="nhsuk-details app-changes">
      <summary className="nhsuk-details__summary">
        <span className="nhsuk-details__summary-text">
          Changes
          <span className="nhsuk-u-visually-hidden">
            {' '}
            in <DataText text={entry.action} />
          </span>
        </span>
      </summary>
      <div className="nhsuk-details__text">
        <ul className="nhsuk-list">
          {fields.map(([field, change]) => (
            <li key={field}>
              {fieldLabel(field)}:{' '}
              {created ? (
                <DataText text={fieldValue(field, change.after)} />
              ) : (
                // Each value isolated: a surgeon's override must not turn the arrow round (decision 0043).
                <>
                  <DataText text={fieldValue(field, change.before)} /> <span aria-hidden="true">→</span>
                  <span className="nhsuk-u-visually-hidden"> changed to</span>{' '}
                  <DataText text={fieldValue(field, change.after)} />
                </>
              )}
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}

/**
 * Decision 0051: the record of the patient a change concerns, for a viewer who may open it, that
 * is who also works as a clerical user or clinician of the entry's trust. The entry names the
 * patient only by initials and the end of the NHS number; the record says who it is.
 */
export function patientRecordPath(
  entry: Pick<ChangeLogEntry, 'pathway' | 'trustCode'>,
  viewer: { roles: readonly GuardRole[]; trustCode: string | undefined },
): string | null {
  const pathway = entry.pathway;
  if (!pathway?.procedureCode || entry.trustCode === null || entry.trustCode !== viewer.trustCode)
    return null;
  if (!isAdmitted(viewer.roles, screenTable.patientSummary.allowed)) return null;
  return paths.patientSummary(pathway.id, pathway.procedureCode);
}

export function PatientRecordLink({ entry }: { entry: ChangeLogEntry }) {
  const { roles, loginUserDetails } = useAuth();
  const to = patientRecordPath(entry, { roles, trustCode: loginUserDetails?.trust.code });
  if (!to) return null;
  return (
    <p className="nhsuk-body-s nhsuk-u-margin-top-2 nhsuk-u-margin-bottom-0">
      <Link to={to}>
        View the patient’s record
        <span className="nhsuk-u-visually-hidden">
          {' '}
          for <DataText text={entry.action} />
        </span>
      </Link>
    </p>
  );
}

const columns: Column<ChangeLogEntry>[] = [
  { header: 'Date and time', cell: (entry) => formatDateTime(entry.createdOn) },
  { header: 'User making changes', cell: (entry) => <DataText text={entry.createdBy} /> },
  { header: 'Trust', cell: (entry) => <DataText text={entry.trustName} /> },
  {
    header: 'Action',
    cell: (entry) => (
      <>
        <DataText text={entry.action} />
        <Changes entry={entry} />
        <PatientRecordLink entry={entry} />
      </>
    ),
  },
];

/** docs/requirements.md §2 Change log: title plus trust name for trust admins; filters; 15 a page, newest first. */
export function ChangeLogPage() {
  const { isSuperAdmin, ownTrustCode, ownTrustName } = useAdminRole();
  const filters = useAddressFilters(readChangeLogFilters);
  const { applied, draft } = filters;
  const [dateParts, setDateParts] = useState(() => datePartsOf(applied.dateAndTime));
  const [dateError, setDateError] = useState<string>();
  const trustOptions = useTrustOptions(isSuperAdmin);
  // docs/requirements.md §1: calls use the signed-in user's trust code; trust admins see their own trust only.
  const query = isSuperAdmin ? applied : { ...applied, trustCode: ownTrustCode };
  const log = useChangeLog(query, filters.pageNumber);

  const search = () => {
    const date = readDateParts(dateParts);
    if (date.kind === 'invalid') {
      // The list stays as it was; the user corrects the date where they typed it.
      setDateError(adminMessages.filterDateInvalid);
      document.getElementById(`${dateFieldId}-day`)?.focus();
      return;
    }
    setDateError(undefined);
    filters.search({ ...draft, dateAndTime: date.kind === 'date' ? date.iso : undefined });
  };
  const clear = () => {
    filters.clear();
    setDateParts(emptyDateParts);
    setDateError(undefined);
  };

  return (
    <>
      <h1>
        {!isSuperAdmin && <span className="nhsuk-caption-l">{ownTrustName}</span>}
        Change log
      </h1>
      <FilterForm title="Filter the change log" onSearch={search} onClear={clear}>
        <div className="nhsuk-grid-row">
          <div className="nhsuk-grid-column-one-third">
            <DateInput
              id={dateFieldId}
              legend="Date"
              hint="For example, 24 11 2026"
              error={dateError}
              value={dateParts}
              onChange={setDateParts}
            />
          </div>
          <div className="nhsuk-grid-column-one-third">
            <TextInput
              id="filter-userMakingChanges"
              label="User making changes"
              value={draft.userMakingChanges ?? ''}
              onChange={(event) => filters.edit('userMakingChanges')(event.target.value)}
            />
          </div>
          {isSuperAdmin && (
            <div className="nhsuk-grid-column-one-third">
              <Select
                id="filter-trustCode"
                label="Trust code"
                placeholder="Any trust"
                options={(trustOptions.data ?? []).map((trust) => ({
                  value: trust.trustCode,
                  label: `${trust.trustCode} – ${trust.trustName}`,
                }))}
                value={draft.trustCode ?? ''}
                onChange={(event) => filters.edit('trustCode')(event.target.value)}
              />
            </div>
          )}
        </div>
      </FilterForm>
      <PagedResults
        query={log}
        caption="Changes, newest first"
        columns={columns}
        rowKey={(entry) => String(entry.id)}
        onPageChange={filters.goToPage}
      />
    </>
  );
}
