import { SummaryList } from '../../../components/content';
import { DataText } from '../../../components/data-text';
import { ErrorSummary } from '../../../components/error-summary';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/dates';
import { useFormRequest } from '../../../lib/form-request';
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
  const busy = propose.isPending;
  const request = useFormRequest({ busy, failureOf: failureText });
  const procedure = route.procedureName?.toLowerCase() ?? 'this type of operation';
  const refused = proposalProblem(version);

  const confirm = () =>
    request.send(
      () => propose.mutateAsync(version.id),
      (proposed) => goWithNotice(paths.uploadModel(route.type), proposedNotice(proposed.version, activeVersion)),
    );

  return (
    <>
      <ErrorSummary errors={request.failure ? [{ text: request.failure }] : []} attempt={request.failures} />
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
