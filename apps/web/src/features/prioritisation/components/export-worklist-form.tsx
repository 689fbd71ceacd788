import type { WorklistSort } from '@esr/contracts/prioritisation';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { ExportFileForm } from '../../../components/export-file-form';
import { useTrustCode } from '../../../lib/auth/trust-code';
import { useExportWorklist } from '../api/export-worklist';
import type { WorklistFilters } from '../lib/worklist-params';

/**
 * Export worklist (decision 0044): every pathway the filters match, in the worklist's order, as a CSV
 * or Excel file. A failure is the page's to show, in its error summary (`onFailure`).
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
  const exportWorklist = useExportWorklist(useTrustCode(), type);
  return (
    <ExportFileForm
      hint="Every pathway that matches the filters, in the order shown."
      busy={exportWorklist.isPending}
      onExport={(fileType) => exportWorklist.mutateAsync({ filters, sort, fileType })}
      onFailure={onFailure}
    />
  );
}
