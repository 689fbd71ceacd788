import { useState } from 'react';
import { useNavigate } from 'react-router';
import { messages } from '@esr/contracts/messages';
import type { ModelVersion } from '@esr/contracts/models';
import { Button } from '../../../components/button';
import { InsetText, SummaryList } from '../../../components/content';
import { DataText } from '../../../components/data-text';
import { ErrorSummary } from '../../../components/error-summary';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/dates';
import { setPageNotice } from '../../../lib/page-notice';
import { useActivateModelVersion } from '../api/models';
import { isAwaitingActivation, secondAdminProblem } from '../lib/activation';
import { failureText } from '../lib/failure-text';
import { localPerformanceText, sourceText } from '../lib/version-text';
import {
  useModelVersion,
  useReturnToVersions,
  VersionHeading,
  VersionLoadStatus,
  VersionPage,
  type VersionRoute,
} from './version-screen';

const title = 'Make a model version active';

/** What /upload-model says once a version is active. */
export const activatedNotice = (version: number) =>
  `Version ${version} is now active. The list is being re-scored.`;

/**
 * Decision 0046 /upload-model/{type}/versions/{id}/activate: are you sure? Making a version active
 * (a rollback, or a recalibrated version) re-scores the procedure's list with it; earlier
 * predictions are kept. Then back to /upload-model, which says so.
 */
export function ActivateModelVersionPage() {
  return <VersionPage title={title} screen={ActivateScreen} />;
}

function ActivateScreen(route: VersionRoute) {
  const { versions, version } = useModelVersion(route);
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        {version ? (
          <Confirmation route={route} version={version} />
        ) : (
          <>
            <VersionHeading title={title} procedureName={route.procedureName} />
            <VersionLoadStatus query={versions} found={false} type={route.type} />
          </>
        )}
      </div>
    </div>
  );
}

function Confirmation({ route, version }: { route: VersionRoute; version: ModelVersion }) {
  const navigate = useNavigate();
  const leave = useReturnToVersions(route.type);
  const activate = useActivateModelVersion(route.trust, route.type);
  const [problem, setProblem] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const fail = (text: string) => {
    setProblem(text);
    setAttempt((count) => count + 1);
  };
  const procedure = route.procedureName?.toLowerCase() ?? 'this type of operation';
  const busy = activate.isPending;

  const confirm = async () => {
    if (busy) return;
    const refused = secondAdminProblem(version);
    if (refused) return fail(refused);
    setProblem(null);
    try {
      const activated = await activate.mutateAsync(version.id);
      const to = paths.uploadModel(route.type);
      setPageNotice(to, activatedNotice(activated.version));
      void navigate(to, { replace: true });
    } catch (error) {
      fail(failureText(error));
    }
  };

  return (
    <>
      <ErrorSummary errors={problem ? [{ text: problem }] : []} attempt={attempt} />
      <VersionHeading title={`Make version ${version.version} active?`} procedureName={route.procedureName} />
      <SummaryList
        rows={[
          { key: 'Source', value: sourceText(version) },
          {
            key: 'Uploaded by',
            value: (
              <>
                <DataText text={version.uploadedBy} />, {formatDateTime(version.uploadedAt)}
              </>
            ),
          },
          { key: 'Local performance', value: localPerformanceText(version.localPerformance) },
        ]}
      />
      {version.isActive ? (
        <>
          <InsetText>
            <p>Version {version.version} is already the active model.</p>
          </InsetText>
          <Button variant="secondary" onClick={leave}>
            Back to model versions
          </Button>
        </>
      ) : (
        <>
          <p>
            This will make version {version.version} the active model for {procedure}. Every patient on the
            list will be re-scored with it; earlier predictions are kept.
          </p>
          {isAwaitingActivation(version) && (
            <InsetText>
              <p>
                This version was recalibrated by <DataText text={version.uploadedBy} />. A technical admin
                other than the one who created it must make it active.
              </p>
            </InsetText>
          )}
          <div className="app-button-group">
            {/* A busy button is aria-disabled, not disabled: a disabled button would lose the focus. */}
            <Button aria-disabled={busy} onClick={() => void confirm()}>
              {busy ? messages.submitting : `Make version ${version.version} active`}
            </Button>
            <Button variant="secondary" onClick={leave}>
              Cancel
            </Button>
          </div>
        </>
      )}
    </>
  );
}
