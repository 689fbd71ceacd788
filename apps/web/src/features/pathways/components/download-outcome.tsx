import { messages } from '@esr/contracts/messages';
import { ErrorSummary } from '../../../components/error-summary';

/**
 * docs/requirements.md §8 'Error generating report' after a download fails, and a quiet confirmation when a file
 * has been saved; `attempt` counts the downloads, so that each failure takes focus once.
 */
export function DownloadOutcome({
  failed,
  saved,
  attempt,
}: {
  failed: boolean;
  saved: string | null;
  attempt: number;
}) {
  return (
    <>
      <ErrorSummary errors={failed ? [{ text: messages.reportFailed }] : []} attempt={attempt} />
      <p className="nhsuk-u-visually-hidden" role="status">
        {saved ? `Saved ${saved}` : ''}
      </p>
    </>
  );
}
