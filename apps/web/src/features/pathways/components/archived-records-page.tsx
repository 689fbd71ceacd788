import { useState } from 'react';
import { Button } from '../../../components/button';
import { RecordList, usePageNumber } from '../../../components/record-list';
import { useTrustCode } from '../../../lib/auth/trust-code';
import { useProcedureNameOf } from '../../../lib/procedure-type';
import { useExportArchivedRecords } from '../api/export-records';
import { useArchivedRecords } from '../api/get-archived-records';
import { DownloadOutcome } from './download-outcome';
import { archivedRecordColumns } from './record-columns';

/**
 * docs/requirements.md §2 /data-upload-history/archived: the pathways that have left the waiting lists, 15 a page,
 * with View report links and Export data (a CSV file of them all).
 */
export function ArchivedRecordsPage() {
  const trust = useTrustCode();
  const records = useArchivedRecords(trust, usePageNumber());
  const exportData = useExportArchivedRecords(trust);
  const columns = archivedRecordColumns(useProcedureNameOf());
  const [outcome, setOutcome] = useState<{ failed: boolean; saved: string | null; attempt: number }>({
    failed: false,
    saved: null,
    attempt: 0,
  });
  const save = async () => {
    setOutcome((last) => ({ failed: false, saved: null, attempt: last.attempt }));
    try {
      const saved = await exportData.mutateAsync();
      setOutcome((last) => ({ failed: false, saved, attempt: last.attempt + 1 }));
    } catch {
      setOutcome((last) => ({ failed: true, saved: null, attempt: last.attempt + 1 }));
    }
  };
  return (
    <>
      <DownloadOutcome {...outcome} />
      <h1>Archived records</h1>
      <p>
        Patients who have left a waiting list: they were not on a newer upload for their type of operation.
        Their last risk prediction can still be viewed.
      </p>
      <Button
        variant="secondary"
        disabled={exportData.isPending}
        aria-disabled={exportData.isPending}
        onClick={() => void save()}
      >
        {exportData.isPending ? 'Exporting...' : 'Export data'}
      </Button>
      <RecordList query={records} caption="Archived records" columns={columns} fits />
    </>
  );
}
