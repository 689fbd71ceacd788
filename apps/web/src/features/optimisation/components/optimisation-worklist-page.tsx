import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { messages } from '@esr/contracts/messages';
import {
  optimisationStatusLabels,
  optimisationStatuses,
  weightNeverDelays,
  type OptimisationStatus,
} from '@esr/contracts/optimisation';
import {
  optimisationFactorLabels,
  optimisationFactors,
  type OptimisationFactor,
} from '@esr/contracts/optimisation-factors';
import type { OptimisationWorklist, OptimisationWorklistItem } from '@esr/contracts/optimisation-worklist';
import { percentage } from '@esr/contracts/patient-wording';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { riskLabels, riskTagColours } from '@esr/contracts/risk-band';
import { Button } from '../../../components/button';
import { ExportFileForm } from '../../../components/export-file-form';
import { CaptionHeading } from '../../../components/caption-heading';
import { InsetText, Table, Tag, type Column } from '../../../components/content';
import { FreshnessBanner, ListDataAsAt } from '../../../components/data-freshness';
import { ErrorSummary, type ErrorSummaryItem } from '../../../components/error-summary';
import { Checkboxes, Select, TextInput } from '../../../components/form-fields';
import { QueryStatus } from '../../../components/list-status';
import { Pagination } from '../../../components/pagination';
import { CellDetail, ListedPatientCell, Nowrap } from '../../../components/record-cell-parts';
import { UnknownProcedureNotice } from '../../../components/unknown-procedure';
import { paths } from '../../../config/paths';
import { screenTable } from '../../../config/screen-table';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-provider';
import { useTrustCode } from '../../../lib/auth/trust-code';
import { dueText } from '../../../lib/dates';
import { statusColours } from '../../../lib/optimisation-status';
import { useProcedureType } from '../../../lib/procedure-type';
import { useExportOptimisationWorklist, useOptimisationWorklist } from '../api/optimisation-worklist';
import {
  emptyOptimisationView,
  readOptimisationView,
  writeOptimisationView,
  type OptimisationView,
} from '../lib/worklist-view';
import { optimisationWorklistTitle } from './choose-optimisation-procedure-page';

const pageSize = 15;
const openStatuses: readonly OptimisationStatus[] = ['identified', 'referred', 'in_progress'];

/**
 * /optimisation/{type} (decision 0072): the patients with a risk factor to optimise before surgery,
 * the nearest TCI date first, then the highest risk; counts per factor and status, each a link
 * that filters the list; filters, pages and the export kept in the address.
 */
export function OptimisationWorklistPage() {
  const { type, name } = useProcedureType();
  if (!type)
    return <UnknownProcedureNotice title={optimisationWorklistTitle} chooseHref={paths.optimisation()} />;
  return <OptimisationWorklistScreen type={type} name={name} />;
}

function OptimisationWorklistScreen({ type, name }: { type: ProcedureCode; name: string | undefined }) {
  const trust = useTrustCode();
  const [params, setParams] = useSearchParams();
  const view = readOptimisationView(params);
  const worklist = useOptimisationWorklist(trust, type, view);
  const [exportFailure, setExportFailure] = useState<unknown>(null);
  const [exportAttempt, setExportAttempt] = useState(0);
  const go = (next: OptimisationView) => setParams(writeOptimisationView(next));
  const failure: ErrorSummaryItem[] = [
    ...(worklist.error instanceof ApiError && worklist.error.status === 400
      ? [{ text: worklist.error.body?.detail ?? messages.reportFailed }]
      : []),
    ...(exportFailure
      ? [{ text: (exportFailure instanceof ApiError && exportFailure.body?.detail) || messages.reportFailed }]
      : []),
  ];
  return (
    <>
      <ErrorSummary errors={failure} attempt={worklist.errorUpdatedAt + exportAttempt} />
      <FreshnessBanner procedure={type} />
      <CaptionHeading title={optimisationWorklistTitle} caption={name} />
      <ListDataAsAt procedure={type} />
      <p>
        Patients waiting for {name ? name.toLowerCase() : 'this type of operation'} who have a risk factor to
        optimise before surgery, the nearest TCI date first, then the highest risk of complications.
      </p>
      <InsetText>
        <p>{weightNeverDelays}</p>
      </InsetText>
      <h2>Risk factors by status</h2>
      <QueryStatus query={worklist} />
      {worklist.data && <CountsTable counts={worklist.data.counts} view={view} />}
      <h2>Filter patients</h2>
      <FilterForm appliedKey={params.toString()} view={view} onApply={(next) => go({ ...next, page: 1 })} />
      <Results type={type} worklist={worklist.data} view={view} onPage={(page) => go({ ...view, page })} />
      {worklist.data && worklist.data.totalCount > 0 && (
        <ExportForm
          type={type}
          view={view}
          onFailure={(error) => {
            setExportFailure(error);
            if (error) setExportAttempt((attempt) => attempt + 1);
          }}
        />
      )}
    </>
  );
}

/** Each factor's patients at each status; a count leads to them. */
function CountsTable({ counts, view }: { counts: OptimisationWorklist['counts']; view: OptimisationView }) {
  const shownFactors = optimisationFactors.filter((code) =>
    optimisationStatuses.some((status) => (counts[code]?.[status] ?? 0) > 0),
  );
  if (shownFactors.length === 0) return <p>No patient on this list has a risk factor to optimise.</p>;
  const columns: Column<OptimisationFactor>[] = [
    { header: 'Risk factor', cell: (code) => optimisationFactorLabels[code] },
    ...optimisationStatuses.map((status): Column<OptimisationFactor> => ({
      header: optimisationStatusLabels[status],
      numeric: true,
      cell: (code) => {
        const count = counts[code]?.[status] ?? 0;
        if (count === 0) return '0';
        const query = writeOptimisationView({
          ...emptyOptimisationView,
          surgeonName: view.surgeonName,
          nhsNumber: view.nhsNumber,
          factor: code,
          status,
        });
        return (
          <Link
            className="nhsuk-link"
            to={`?${query.toString()}`}
            aria-label={`${count} ${count === 1 ? 'patient' : 'patients'}: ${optimisationFactorLabels[code]}, ${optimisationStatusLabels[status].toLowerCase()}`}
          >
            {count}
          </Link>
        );
      },
    })),
  ];
  return (
    <Table
      caption="Patients by risk factor and status"
      captionHidden
      columns={columns}
      rows={shownFactors}
      rowKey={(code) => code}
    />
  );
}

/**
 * The filters, with Apply and Clear. What is chosen stays in the form until Apply; the form follows
 * the address when it changes otherwise (a count's link, Back) without being rebuilt, so that the
 * focus stays where the user left it.
 */
function FilterForm({
  appliedKey,
  view,
  onApply,
}: {
  appliedKey: string;
  view: OptimisationView;
  onApply: (view: OptimisationView) => void;
}) {
  const [draft, setDraft] = useState(view);
  const [syncedKey, setSyncedKey] = useState(appliedKey);
  if (syncedKey !== appliedKey) {
    setSyncedKey(appliedKey);
    setDraft(view);
  }
  const apply = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  return (
    <form noValidate onSubmit={apply} className="app-filters">
      <Select
        id="filter-factor"
        label="Risk factor"
        placeholder="Any risk factor"
        options={optimisationFactors.map((code) => ({ value: code, label: optimisationFactorLabels[code] }))}
        value={draft.factor ?? ''}
        onChange={(event) =>
          setDraft({ ...draft, factor: (event.target.value || null) as OptimisationFactor | null })
        }
      />
      <Select
        id="filter-status"
        label="Status"
        placeholder="Not yet closed"
        options={optimisationStatuses.map((status) => ({
          value: status,
          label: optimisationStatusLabels[status],
        }))}
        value={draft.status ?? ''}
        onChange={(event) =>
          setDraft({ ...draft, status: (event.target.value || null) as OptimisationStatus | null })
        }
      />
      <TextInput
        id="filter-surgeon"
        label="Consultant surgeon"
        hint="Any part of the name"
        width={20}
        maxLength={100}
        value={draft.surgeonName}
        onChange={(event) => setDraft({ ...draft, surgeonName: event.target.value })}
      />
      <TextInput
        id="filter-nhs-number"
        label="NHS number"
        hint="The whole number or its first digits"
        inputMode="numeric"
        width={10}
        maxLength={20}
        value={draft.nhsNumber}
        onChange={(event) => setDraft({ ...draft, nhsNumber: event.target.value })}
      />
      <Checkboxes
        name="filter-overdue"
        legend="Due date"
        legendClassName="nhsuk-fieldset__legend--s"
        small
        items={[{ value: 'true', label: 'Overdue only' }]}
        selected={draft.overdue ? ['true'] : []}
        onChange={(_value, checked) => setDraft({ ...draft, overdue: checked })}
      />
      <div className="nhsuk-button-group">
        <Button type="submit">Apply filters</Button>
        <Button type="button" variant="secondary" onClick={() => onApply(emptyOptimisationView)}>
          Clear filters
        </Button>
      </div>
    </form>
  );
}

function FactorsCell({ row }: { row: OptimisationWorklistItem }) {
  return (
    <ul className="nhsuk-list app-optimisation-factors">
      {row.factors.map((factor) => (
        <li key={factor.code}>
          <strong>{optimisationFactorLabels[factor.code]}</strong>{' '}
          <Tag colour={statusColours[factor.status]}>{optimisationStatusLabels[factor.status]}</Tag>
          {factor.overdue && <Tag colour="red">Overdue</Tag>}
          {openStatuses.includes(factor.status) && (
            <CellDetail>
              <Nowrap>{dueText(factor.dueOn)}</Nowrap>
            </CellDetail>
          )}
        </li>
      ))}
    </ul>
  );
}

function Results({
  type,
  worklist,
  view,
  onPage,
}: {
  type: ProcedureCode;
  worklist: OptimisationWorklist | undefined;
  view: OptimisationView;
  onPage: (page: number) => void;
}) {
  const role = useAuth().currentSelectedRole;
  const location = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  const toResults = (location.state as { toResults?: boolean } | null)?.toResults === true;
  const loaded = worklist !== undefined;
  // A count leads to the patients it counted: their heading, far below it, takes the focus.
  useEffect(() => {
    if (toResults && loaded) heading.current?.focus();
  }, [location.key, toResults, loaded]);
  if (!worklist) return null;
  const summaryRoles: readonly string[] = screenTable.patientSummary.allowed;
  const hrefOf = (id: string) =>
    role && summaryRoles.includes(role)
      ? paths.patientSummary(id, type)
      : paths.patientOptimisation(id, type);
  const columns: Column<OptimisationWorklistItem>[] = [
    { header: 'Patient', cell: (row) => <ListedPatientCell row={row} href={hrefOf(row.id)} /> },
    {
      header: 'Risk',
      stackFirst: true,
      cell: (row) =>
        row.prediction ? (
          <>
            <Tag colour={riskTagColours[row.prediction]}>{riskLabels[row.prediction]}</Tag>
            {row.probability !== null && <CellDetail>{percentage(row.probability)}</CellDetail>}
          </>
        ) : (
          'No band'
        ),
    },
    {
      header: 'TCI date',
      cell: (row) => (row.tciDate ? <Nowrap>{dueText(row.tciDate)}</Nowrap> : 'Not booked'),
    },
    { header: 'Risk factors', cell: (row) => <FactorsCell row={row} /> },
  ];
  const count = worklist.totalCount;
  return (
    <>
      <h2 tabIndex={-1} ref={heading}>
        {count} {count === 1 ? 'patient' : 'patients'}
      </h2>
      {count === 0 ? (
        <p role="status">No patients match these filters.</p>
      ) : (
        <>
          <Table
            caption="Patients with a risk factor to optimise"
            captionHidden
            columns={columns}
            rows={worklist.items}
            rowKey={(row) => row.id}
          />
          <Pagination
            pageNumber={worklist.pageNumber}
            pageSize={pageSize}
            totalCount={count}
            onChange={onPage}
            hrefFor={(page) => `?${writeOptimisationView({ ...view, page }).toString()}`}
          />
        </>
      )}
    </>
  );
}

function ExportForm({
  type,
  view,
  onFailure,
}: {
  type: ProcedureCode;
  view: OptimisationView;
  onFailure: (error: unknown) => void;
}) {
  const exporter = useExportOptimisationWorklist(useTrustCode(), type);
  return (
    <ExportFileForm
      hint="One row for each risk factor that matches the filters, in the order shown."
      busy={exporter.isPending}
      onExport={(fileType) => exporter.mutateAsync({ view, fileType })}
      onFailure={onFailure}
    />
  );
}
