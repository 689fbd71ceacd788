import { useState } from 'react';
import { SummaryList } from '../../../components/content';
import { DataText } from '../../../components/data-text';
import { ErrorSummary } from '../../../components/error-summary';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/dates';
import { useProposeModelVersion } from '../api/models';
import { proposalProblem } from '../lib/approval';
import { failureText } from '../lib/failure-text';
import { localPerformanceText, proposedNotice, sourceText } from '../lib/version-text';
import {
  ActionAndCancel,
  RefusedNotice,
  useGoWithNotice,
  versionFormPage,
  type VersionFormProps,
} from './version-form';
import { useReturnToVersions, VersionHeading } from './version-screen';
import { DeclinedText, StatusTag } from './versions-table';

const title = 'Propose making a model version active';

/**
 * Decision 0060 /upload-model/{type}/versions/{id}/propose: a technical admin proposes making an
 * earlier version the active one again (a rollback). Nothing changes until a clinical safety
 * officer approves it; then /upload-model says it waits.
 */
export const ProposeModelVersionPage = versionFormPage(title, Confirmation);

function Confirmation({ route, version, activeVersion }: VersionFormProps) {
  const goWithNotice = useGoWithNotice();
  const leave = useReturnToVersions(route.type);
  const propose = useProposeModelVersion(route.trust, route.type);
  const [problem, setProblem] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const procedure = route.procedureName?.toLowerCase() ?? 'this type of operation';
  const busy = propose.isPending;
  const refused = proposalProblem(version);

  const confirm = async () => {
    if (busy) return;
    setProblem(null);
    try {
      const proposed = await propose.mutateAsync(version.id);
      goWithNotice(paths.uploadModel(route.type), proposedNotice(proposed.version, activeVersion));
    } catch (error) {
      setProblem(failureText(error));
      setAttempt((count) => count + 1);
    }
  };

  return (
    <>
      <ErrorSummary errors={problem ? [{ text: problem }] : []} attempt={attempt} />
      <VersionHeading
        title={`Propose making version ${version.version} active?`}
        procedureName={route.procedureName}
      />
      <SummaryList
        rows={[
          { key: 'Status', value: <StatusTag status={version.status} /> },
          { key: 'Source', value: sourceText(version) },
          {
            key: 'Uploaded by',
            value: (
              <>
                <DataText text={version.uploadedBy} />, {formatDateTime(version.uploadedAt)}
              </>
            ),
          },
          ...(version.declined
            ? [{ key: 'Declined', value: <DeclinedText declined={version.declined} /> }]
            : []),
          { key: 'Local performance', value: localPerformanceText(version.localPerformance) },
        ]}
      />
      {refused ? (
        <RefusedNotice problem={refused} onBack={leave} />
      ) : (
        <>
          <p>
            A clinical safety officer must approve version {version.version} before it becomes the active
            model for {procedure}.{' '}
            {activeVersion === undefined
              ? 'Until then no version scores patients.'
              : `Until then version ${activeVersion} stays active.`}
          </p>
          <p>
            Once it is approved, every patient on the list will be re-scored with version {version.version};
            earlier predictions are kept.
          </p>
          <ActionAndCancel
            label={`Propose version ${version.version}`}
            busy={busy}
            onAction={() => void confirm()}
            onCancel={leave}
          />
        </>
      )}
    </>
  );
}
