import { useEffect, useState, type ReactNode } from 'react';
import { accessLogMessages, type AccessLogEntry, type AccessLogPage } from '@esr/contracts/access-log';
import { Button } from '../../../components/button';
import { InsetText, type Column } from '../../../components/content';
import { DataText } from '../../../components/data-text';
import { ErrorSummary, type ErrorSummaryItem } from '../../../components/error-summary';
import { Select, TextInput } from '../../../components/form-fields';
import { PagedResults } from '../../../components/list-status';
import { formatDateTime } from '../../../lib/dates';
import { formatNhsNumber } from '../../../lib/nhs-number';
import { useAccessLog, type AccessLogSearch } from '../api/get-access-log';
import { useTrustOptions } from '../api/get-trust-options';
import { accessLogFailure, checkNhsNumber, type AccessLogErrors } from '../lib/access-log-form';
import { useAdminRole } from '../lib/admin-role';
import { DownloadAccessLog } from './download-access-log';

const nhsNumberId = 'nhsNumber';
const trustId = 'trust';

export const accessLogColumns: Column<AccessLogEntry>[] = [
  { header: 'Date and time', cell: (entry) => formatDateTime(entry.accessedAt) },
  { header: 'User', cell: (entry) => <DataText text={entry.userName} /> },
  { header: 'Role', cell: (entry) => entry.role },
  // An export's name was typed by the user who made it.
  { header: 'What they saw', cell: (entry) => <DataText text={entry.seen} /> },
];

/**
 * The accesses found for an NHS number: a table a page at a time, or a line saying there are none.
 * `download` (the whole search as CSV) is shown under the moment the pages are as at, when there
 * is anything to download.
 */
export function AccessLogResults({
  nhsNumber,
  query,
  onPageChange,
  download,
}: {
  nhsNumber: string;
  query: { isLoading: boolean; isError: boolean; refetch: () => unknown; data?: AccessLogPage | undefined };
  onPageChange: (page: number) => void;
  download?: ReactNode;
}) {
  const empty = query.data && query.data.items.length === 0 && query.data.pageNumber === 1;
  return (
    <section aria-labelledby="access-log-results">
      <h2 id="access-log-results">NHS number {formatNhsNumber(nhsNumber)}</h2>
      {query.data && (
        <p className="nhsuk-body-s">
          As at {formatDateTime(query.data.asAt)}: accesses after that, this search’s own among them, are not
          in these pages. Search again to see them.
        </p>
      )}
      {query.data && !empty && download}
      {empty ? (
        <InsetText>
          <p>{accessLogMessages.noAccess}</p>
        </InsetText>
      ) : (
        <PagedResults
          query={query}
          caption="Who has seen the record, newest first"
          columns={accessLogColumns}
          rowKey={(entry) => `${entry.accessedAt}|${entry.userName}|${entry.seen}`}
          onPageChange={onPageChange}
        />
      )}
    </section>
  );
}

/** The search: the trust (a super admin's choice) and the NHS number, checked before it is sent. */
function AccessLogForm({
  isSuperAdmin,
  trustOptions,
  errors,
  trust,
  onTrustChange,
  nhsNumber,
  onNhsNumberChange,
  onSubmit,
}: {
  isSuperAdmin: boolean;
  trustOptions: readonly { trustCode: string; trustName: string }[];
  errors: AccessLogErrors;
  trust: string;
  onTrustChange: (trust: string) => void;
  nhsNumber: string;
  onNhsNumberChange: (nhsNumber: string) => void;
  onSubmit: () => void;
}) {
  return (
    <form
      noValidate
      role="search"
      aria-label="Find who has seen a record"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {isSuperAdmin && (
        <Select
          id={trustId}
          label="Trust"
          placeholder="Select a trust"
          error={errors.trust}
          options={trustOptions.map((option) => ({
            value: option.trustCode,
            label: `${option.trustCode} – ${option.trustName}`,
          }))}
          value={trust}
          onChange={(event) => onTrustChange(event.target.value)}
        />
      )}
      <TextInput
        id={nhsNumberId}
        label="NHS number"
        hint="A 10-digit number, for example 485 777 3456"
        width={10}
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        error={errors.nhsNumber}
        value={nhsNumber}
        onChange={(event) => onNhsNumberChange(event.target.value)}
      />
      <p className="nhsuk-body-s">{accessLogMessages.recorded}</p>
      <Button type="submit">Search</Button>
    </form>
  );
}

/**
 * Decision 0042: who has seen a patient's record, for a subject access request or a privacy
 * incident. A trust admin searches their own trust, a super admin the trust they choose. The NHS
 * number stays in the page (never in the address, as the patient lookup keeps it), and each search
 * is itself recorded in the access log.
 */
export function AccessLogPage() {
  const { isSuperAdmin, ownTrustCode, ownTrustName } = useAdminRole();
  const trustOptions = useTrustOptions(isSuperAdmin);
  const [nhsNumber, setNhsNumber] = useState('');
  const [trust, setTrust] = useState('');
  const [checked, setChecked] = useState<AccessLogErrors>({});
  const [attempt, setAttempt] = useState(0);
  const [search, setSearch] = useState<AccessLogSearch | null>(null);
  const log = useAccessLog(search);
  const [downloadError, setDownloadError] = useState<unknown>(null);
  const failure = search && log.isError ? accessLogFailure(log.error) : null;
  const downloadFailure = downloadError ? accessLogFailure(downloadError) : null;
  const errors: AccessLogErrors = { ...failure?.fieldErrors, ...downloadFailure?.fieldErrors, ...checked };

  // Each failed search takes the focus to the error summary once.
  useEffect(() => {
    if (log.errorUpdatedAt) setAttempt((count) => count + 1);
  }, [log.errorUpdatedAt]);

  const submit = () => {
    const found: AccessLogErrors = {};
    const number = checkNhsNumber(nhsNumber);
    if ('error' in number) found.nhsNumber = number.error;
    const trustCode = isSuperAdmin ? trust : ownTrustCode;
    if (!trustCode) found.trust = accessLogMessages.trustRequired;
    setChecked(found);
    setDownloadError(null);
    if (Object.keys(found).length > 0 || 'error' in number) {
      setAttempt((count) => count + 1);
      return;
    }
    const next = { trust: trustCode, nhsNumber: number.digits, pageNumber: 1 };
    // The same search again asks again (and is recorded again).
    if (search && JSON.stringify(search) === JSON.stringify(next)) void log.refetch();
    else setSearch(next);
  };

  const summaryItems: ErrorSummaryItem[] = [
    ...(errors.trust ? [{ text: errors.trust, fieldId: trustId }] : []),
    ...(errors.nhsNumber ? [{ text: errors.nhsNumber, fieldId: nhsNumberId }] : []),
    ...(failure?.message ? [{ text: failure.message }] : []),
    ...(downloadFailure?.message ? [{ text: downloadFailure.message }] : []),
  ];

  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-full">
        <ErrorSummary errors={summaryItems} attempt={attempt} />
        <h1>
          {!isSuperAdmin && <span className="nhsuk-caption-l">{ownTrustName}</span>}
          {accessLogMessages.title}
        </h1>
        <p className="nhsuk-body">{accessLogMessages.lead}</p>
        <AccessLogForm
          isSuperAdmin={isSuperAdmin}
          trustOptions={trustOptions.data ?? []}
          errors={errors}
          trust={trust}
          onTrustChange={setTrust}
          nhsNumber={nhsNumber}
          onNhsNumberChange={setNhsNumber}
          onSubmit={submit}
        />
        {search && !failure && (
          <AccessLogResults
            nhsNumber={search.nhsNumber}
            query={log}
            onPageChange={(pageNumber) =>
              setSearch({ ...search, pageNumber, asAt: search.asAt ?? log.data?.asAt })
            }
            download={
              // Never while the last search's page stands in for this one's: its moment is not this search's.
              log.data &&
              !log.isPlaceholderData && (
                <DownloadAccessLog
                  key={`${search.trust}|${search.nhsNumber}|${log.data.asAt}`}
                  search={{ trust: search.trust, nhsNumber: search.nhsNumber, asAt: log.data.asAt }}
                  onFailure={(error) => {
                    setDownloadError(error);
                    // As a failed search does, a failed download takes the focus to the error summary.
                    if (error) setAttempt((count) => count + 1);
                  }}
                />
              )
            }
          />
        )}
      </div>
    </div>
  );
}
