import { messages } from '@esr/contracts/messages';
import { patientMessages, type HistoryEntry } from '@esr/contracts/patients';
import { SummaryList } from '../../../components/content';
import { formatDateTime } from '../../../lib/dates';
import { useProcedureNameOf } from '../../../lib/procedure-type';
import { useExportHistoryEntry } from '../api/export-history-entry';
import { useHistoryEntry } from '../api/get-history-entry';
import { useRiskFactorLabels } from '../api/get-surgical-risk-factor-options';
import { inputSections, reasonLabels } from '../lib/display-values';
import { DownloadPdfButton, OutcomeProblem, OutcomeStatus, useActionOutcome } from './action-outcome';
import {
  PatientHeading,
  PatientLoadStatus,
  PatientPage,
  personName,
  useBreadcrumbPatient,
  type PatientRoute,
} from './patient-screen';
import { RiskSummaryView } from './risk-summary-view';

const title = 'Past evaluation';

/**
 * Whose surgeon, readiness and social aspects a past evaluation shows (decision 0039): the current
 * one shows today's, as the summary does; a replaced one those it kept, or says it kept none.
 */
const surgicalRiskFactorsNote: Record<HistoryEntry['surgicalRiskFactorsShown'], string | null> = {
  current: null,
  'as-evaluated':
    'The consultant surgeon, readiness for surgery and social aspects are shown as they were when this evaluation was made.',
  'not-kept':
    'This evaluation was made before the consultant surgeon, readiness for surgery and social aspects were kept with each evaluation, so they are not shown.',
};

/**
 * docs/requirements.md §2 /history/{historyId}: one past evaluation's summary, read only, with when and why it was
 * made, the record the model read, and its PDF.
 */
export function HistoryEntryPage() {
  return <PatientPage title={title} screen={HistoryEntry} />;
}

function HistoryEntry({ id, type, historyId, trust }: PatientRoute) {
  const entry = useHistoryEntry(trust, type, id, historyId);
  const nameOf = useProcedureNameOf();
  const labels = useRiskFactorLabels();
  const download = useExportHistoryEntry(trust, type, id);
  const { outcome, run } = useActionOutcome();
  const data = entry.data;
  const evaluatedAt = data?.result ? formatDateTime(data.result.evaluatedAt) : '';
  useBreadcrumbPatient(id, data, evaluatedAt ? { id: historyId, label: evaluatedAt } : undefined);
  const save = () =>
    run(
      async () => `Saved ${await download.mutateAsync(historyId)}`,
      () => messages.reportFailed,
    );
  return (
    <>
      <OutcomeProblem outcome={outcome} />
      <OutcomeStatus outcome={outcome} />
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
          {surgicalRiskFactorsNote[data.surgicalRiskFactorsShown] && (
            <p>{surgicalRiskFactorsNote[data.surgicalRiskFactorsShown]}</p>
          )}
          <RiskSummaryView
            summary={data}
            procedureName={nameOf(type)}
            labels={labels}
            surgicalRiskFactorsShown={data.surgicalRiskFactorsShown}
            actions={
              data.result && (
                <div className="app-button-group">
                  <DownloadPdfButton busy={download.isPending} onDownload={save} />
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
