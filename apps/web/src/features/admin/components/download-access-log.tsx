import { useState } from 'react';
import { accessLogMessages } from '@esr/contracts/access-log';
import { Button } from '../../../components/button';
import { useExportAccessLog, type AccessLogDownload } from '../api/export-access-log';

/**
 * The search's full result as one CSV, for a subject access request (docs/decisions/0066): every
 * entry as at the moment the pages are, not only the page on screen. A failure is the page's to
 * show, in its error summary (`onFailure`); a saved file is announced here.
 */
export function DownloadAccessLog({
  search,
  onFailure,
}: {
  search: AccessLogDownload;
  /** Why the download failed, or null as a new download starts. */
  onFailure: (error: unknown) => void;
}) {
  const download = useExportAccessLog();
  const [saved, setSaved] = useState<string | null>(null);
  const busy = download.isPending;
  return (
    <>
      <p className="nhsuk-body-s">{accessLogMessages.downloadRecorded}</p>
      <Button
        variant="secondary"
        aria-disabled={busy || undefined}
        onClick={() => {
          if (busy) return;
          setSaved(null);
          onFailure(null);
          download.mutate(search, { onSuccess: (fileName) => setSaved(fileName), onError: onFailure });
        }}
      >
        {accessLogMessages.download}
      </Button>
      <p className="nhsuk-body-s" role="status">
        {busy ? accessLogMessages.downloading : saved ? accessLogMessages.saved(saved) : ''}
      </p>
    </>
  );
}
