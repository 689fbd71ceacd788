import { useState } from 'react';
import { messages } from '@esr/contracts/messages';
import { patientMessages } from '@esr/contracts/patients';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { Button } from '../../../components/button';
import { SummaryList } from '../../../components/content';
import { ErrorSummary } from '../../../components/error-summary';
import { useTrustCode } from '../../../lib/auth/trust-code';
import { formatDateTime } from '../../../lib/dates';
import { useProcedureNameOf } from '../../../lib/procedure-type';
import { useExportHistoryEntry } from '../api/export-history-entry';
import { useHistoryEntry } from '../api/get-history-entry';
import { useRiskFactorLabels } from '../api/get-surgical-risk-factor-options';
import { inputSections, reasonLabels } from '../lib/display-values';
import {
  PatientHeading,
  PatientLoadStatus,
  UnknownPatientAddress,
  personName,
  useBreadcrumbPatient,
  usePatientAddress,
} from './patient-screen';
import { RiskSummaryView } from './risk-summary-view';

const title = 'Past evaluation';

/**
 * docs/requirements.md §2 /history/{historyId}: one past evaluation's summary, read only, with when and why it was
 * made, the record the model read, and its PDF.
 */
export function HistoryEntryPage() {
  const { id, type, historyId } = usePatientAddress();
  if (!type) return <UnknownPatientAddress title={title} />;
  return <HistoryEntry id={id} type={type} historyId={historyId} />;
}

function HistoryEntry({ id, type, historyId }: { id: string; type: ProcedureCode; historyId: string }) {
  const trust = useTrustCode();
  const entry = useHistoryEntry(trust, type, id, historyId);
  const nameOf = useProcedureNameOf();
  const labels = useRiskFactorLabels();
  const download = useExportHistoryEntry(trust, type, id);
  const [outcome, setOutcome] = useState<{ failed: boolean; saved: string; attempt: number }>({
    failed: false,
    saved: '',
    attempt: 0,
  });
  const data = entry.data;
  const evaluatedAt = data?.result ? formatDateTime(data.result.evaluatedAt) : '';
  useBreadcrumbPatient(id, data, evaluatedAt ? { id: historyId, label: evaluatedAt } : undefined);
  const save = async () => {
    setOutcome((last) => ({ failed: false, saved: '', attempt: last.attempt }));
    try {
      const saved = await download.mutateAsync(historyId);
      setOutcome((last) => ({ failed: false, saved: `Saved ${saved}`, attempt: last.attempt + 1 }));
    } catch {
      setOutcome((last) => ({ failed: true, saved: '', attempt: last.attempt + 1 }));
    }
  };
  return (
    <>
      <ErrorSummary
        errors={outcome.failed ? [{ text: messages.reportFailed }] : []}
        attempt={outcome.attempt}
      />
      <p className="nhsuk-u-visually-hidden" role="status">
        {outcome.saved}
      </p>
      <PatientHeading
        title={evaluatedAt ? `Evaluation of ${evaluatedAt}` : title}
        name={data ? personName(data) : undefined}
      />
      {!data && <PatientLoadStatus query={entry} notFound={patientMessages.evaluationNotFound} />}
      {data && (
        <>
          <p className="nhsuk-lede-text">
            {data.isCurrent
              ? 'This is the current evaluation of this pathway.'
              : 'This evaluation has since been replaced by a newer one. It is shown as it was.'}
            {data.result && ` Reason: ${reasonLabels[data.result.reason].toLowerCase()}.`}
          </p>
          <RiskSummaryView
            summary={data}
            procedureName={nameOf(type)}
            labels={labels}
            actions={
              data.result && (
                <div className="app-button-group">
                  <Button
                    variant="secondary"
                    aria-disabled={download.isPending}
                    onClick={() => void (download.isPending || save())}
                  >
                    {download.isPending ? 'Downloading...' : 'Download PDF'}
                  </Button>
                </div>
              )
            }
          />
          <h2>What the model read</h2>
          <p>The patient&apos;s record as it was when this evaluation was made.</p>
          {inputSections(data.inputs).map((section) => (
            <div key={section.title}>
              <h3>{section.title}</h3>
              <SummaryList rows={section.rows} />
            </div>
          ))}
        </>
      )}
    </>
  );
}
