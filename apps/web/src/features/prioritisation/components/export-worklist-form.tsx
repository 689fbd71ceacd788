import { useState } from 'react';
import type { WorklistSort } from '@esr/contracts/prioritisation';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { Button } from '../../../components/button';
import { Radios } from '../../../components/form-fields';
import { useTrustCode } from '../../../lib/auth/trust-code';
import { useExportWorklist, type WorklistFileType } from '../api/export-worklist';
import type { WorklistFilters } from '../lib/worklist-params';

export const exportFieldName = 'export-file-type';
const fileTypes: { value: WorklistFileType; label: string }[] = [
  { value: 'csv', label: 'CSV' },
  { value: 'xlsx', label: 'Excel' },
];

/**
 * Export worklist (decision 0044): every pathway the filters match, in the worklist's order, as a CSV
 * or Excel file. A failure is the page's to show, in its error summary (`onFailure`); a saved
 * file announced here.
 */
export function ExportWorklistForm({
  type,
  filters,
  sort,
  onFailure,
}: {
  type: ProcedureCode;
  filters: WorklistFilters;
  sort: WorklistSort;
  /** Why the export failed, or null as a new export starts. */
  onFailure: (error: unknown) => void;
}) {
  const trust = useTrustCode();
  const exportWorklist = useExportWorklist(trust, type);
  const [fileType, setFileType] = useState<WorklistFileType>('csv');
  const [saved, setSaved] = useState<string | null>(null);
  const busy = exportWorklist.isPending;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (busy) return;
        setSaved(null);
        onFailure(null);
        exportWorklist.mutate(
          { filters, sort, fileType },
          { onSuccess: (fileName) => setSaved(fileName), onError: onFailure },
        );
      }}
    >
      <Radios
        name={exportFieldName}
        legend="Export worklist"
        legendClassName="nhsuk-fieldset__legend--s"
        hint="Every pathway that matches the filters, in the order shown."
        inline
        small
        items={fileTypes}
        selected={[fileType]}
        onChange={(value) => setFileType(value as WorklistFileType)}
      />
      <Button type="submit" variant="secondary" aria-disabled={busy || undefined}>
        {busy ? 'Exporting worklist…' : 'Export worklist'}
      </Button>
      <p className="nhsuk-body-s" role="status">
        {saved ? `The worklist has been saved as ${saved}.` : ''}
      </p>
    </form>
  );
}
