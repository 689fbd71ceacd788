import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@esr/contracts/messages';
import { reportMessages } from '@esr/contracts/open-pathways';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { Button } from '../../../components/button';
import { ErrorSummary, type ErrorSummaryItem } from '../../../components/error-summary';
import { Checkboxes, Select, TextInput } from '../../../components/form-fields';
import { ListStatus, StatusMessage } from '../../../components/list-status';
import { paths } from '../../../config/paths';
import { useTrustCode } from '../../../lib/auth/trust-code';
import { useProcedureType } from '../../../lib/procedure-type';
import { useActiveRecords } from '../api/get-active-records';
import { useExportActiveRecords } from '../api/export-records';
import { useReportFields } from '../api/get-report-fields';
import { readActiveFilters, writeActiveFilters, type ActiveFilters } from '../lib/active-filters';
import {
  fileTypeOptions,
  reportFieldOrder,
  reportFileName,
  reportFormSchema,
  reportQuery,
  reportScope,
  type ReportForm,
  type ReportFormInput,
} from '../lib/report-form';
import { ProcedureHeading, UnknownOpenPathwaysType } from './procedure-heading';

/** Where each field's error links to: the fields' list links to its first checkbox (NHS.UK). */
const fieldIds: Record<(typeof reportFieldOrder)[number], string> = {
  reportName: 'reportName',
  fileType: 'fileType',
  fields: 'fields-1',
};

/**
 * docs/requirements.md §2 …/total/generate-report: a report of the active records the table's filters select
 * (carried in the address), with a name, a file type and the chosen fields (docs/requirements.md §5: all
 * required); 'Generating report...' while it is made; saved as the name with a timestamp (docs/requirements.md §9).
 */
export function GenerateReportPage() {
  const { type, name } = useProcedureType();
  if (!type) return <UnknownOpenPathwaysType />;
  return <GenerateReport type={type} name={name} />;
}

function GenerateReport({ type, name }: { type: ProcedureCode; name: string | undefined }) {
  const trust = useTrustCode();
  const [params] = useSearchParams();
  const filters = useMemo(() => readActiveFilters(params), [params]);
  const filtersQuery = writeActiveFilters(filters).toString();
  // The table's first page: the count is the same, and it is usually in the cache already.
  const matching = useActiveRecords(trust, type, { filters, pageNumber: 1 });
  const fields = useReportFields(type);
  const exportReport = useExportActiveRecords(trust, type);
  const [failed, setFailed] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const form = useForm<ReportFormInput, unknown, ReportForm>({
    // The error summary takes focus (NHS.UK pattern), not the first field.
    shouldFocusError: false,
    resolver: zodResolver(reportFormSchema),
    defaultValues: { reportName: '', fileType: '' as ReportFormInput['fileType'], fields: [] },
  });
  const errors = form.formState.errors;
  const available = fields.data?.fields ?? [];

  const submit = form.handleSubmit(async (values) => {
    setFailed(false);
    setSaved(null);
    try {
      const fileName = await exportReport.mutateAsync({
        query: reportQuery(values, filters, available),
        fileName: reportFileName(values),
      });
      setSaved(fileName);
    } catch {
      setFailed(true);
    }
  });

  const summary: ErrorSummaryItem[] = [
    ...(failed ? [{ text: messages.reportFailed }] : []),
    ...reportFieldOrder.flatMap((key) => {
      const text = errors[key]?.message;
      return text ? [{ text, fieldId: fieldIds[key] }] : [];
    }),
  ];
  const busy = exportReport.isPending;

  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <ErrorSummary errors={summary} attempt={form.formState.submitCount} />
        <ProcedureHeading title="Generate report" name={name} />
        <ReportScopeText matching={matching} filters={filters} />
        <p>
          <Link className="nhsuk-link" to={paths.totalRecords(type, filtersQuery)}>
            Change the filters on the total records
          </Link>
        </p>
        <form noValidate onSubmit={(event) => void submit(event)}>
          <TextInput
            id="reportName"
            label="Report name"
            hint="Up to 30 characters. The file is given this name, with the date and time."
            width={20}
            autoComplete="off"
            error={errors.reportName?.message}
            {...form.register('reportName')}
          />
          <Select
            id="fileType"
            label="File type"
            placeholder="Select a file type"
            options={fileTypeOptions}
            error={errors.fileType?.message}
            {...form.register('fileType')}
          />
          <Controller
            control={form.control}
            name="fields"
            render={({ field }) => (
              <FieldChoices
                available={available}
                isLoading={fields.isLoading}
                isError={fields.isError}
                onRetry={() => void fields.refetch()}
                selected={field.value}
                error={errors.fields?.message}
                onChange={field.onChange}
              />
            )}
          />
          <Button type="submit" disabled={busy} aria-disabled={busy}>
            {busy ? reportMessages.generating : 'Generate report'}
          </Button>
          <p className="nhsuk-body" role="status">
            {saved ? `The report has been generated and saved as ${saved}.` : ''}
          </p>
        </form>
      </div>
    </div>
  );
}

/** Which records the report holds: how many, and the filters that select them; loading until the count is known. */
function ReportScopeText({
  matching,
  filters,
}: {
  matching: ReturnType<typeof useActiveRecords>;
  filters: ActiveFilters;
}) {
  const scope = reportScope(matching.data?.totalCount ?? null, filters);
  return (
    <>
      {matching.isLoading ? (
        <p role="status">{messages.loading}</p>
      ) : (
        <>
          <p>{scope.lead}</p>
          {scope.conditions.length > 0 && (
            <ul>
              {scope.conditions.map((condition) => (
                <li key={condition}>{condition}</li>
              ))}
            </ul>
          )}
        </>
      )}
      <ListStatus
        isLoading={false}
        isError={matching.isError}
        isEmpty={false}
        onRetry={() => void matching.refetch()}
      />
    </>
  );
}

/** The waiting-list fields to put in the report; docs/requirements.md §8 message when they cannot be fetched. */
function FieldChoices({
  available,
  isLoading,
  isError,
  onRetry,
  selected,
  error,
  onChange,
}: {
  available: { key: string; label: string }[];
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  selected: string[];
  error: string | undefined;
  onChange: (fields: string[]) => void;
}) {
  if (isLoading) return <StatusMessage text={messages.loading} />;
  if (isError)
    return (
      <div className="nhsuk-form-group" role="alert">
        <p className="nhsuk-error-message">{messages.waitingListFieldsFailed}</p>
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  const allChosen = available.length > 0 && available.every((field) => selected.includes(field.key));
  return (
    <div className="app-field-choices">
      <Button
        variant="secondary"
        className="app-field-choices__all"
        onClick={() => onChange(allChosen ? [] : available.map((field) => field.key))}
      >
        {allChosen ? 'Deselect all fields' : 'Select all fields'}
      </Button>
      <Checkboxes
        name="fields"
        legend="Waiting list fields"
        legendClassName="nhsuk-fieldset__legend--s"
        hint="Select the fields to include in the report."
        error={error}
        small
        items={available.map((field) => ({ value: field.key, label: field.label }))}
        selected={selected}
        onChange={(key, checked) =>
          onChange(
            checked
              ? [...selected.filter((value) => value !== key), key]
              : selected.filter((value) => value !== key),
          )
        }
      />
    </div>
  );
}
