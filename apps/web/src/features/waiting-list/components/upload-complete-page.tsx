import { Link, useSearchParams } from 'react-router';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { Panel } from '../../../components/content';
import { UploadChanges } from '../../../components/upload-changes';
import { paths } from '../../../config/paths';
import { useTrustCode } from '../../../lib/auth/trust-code';
import { useProcedureType } from '../../../lib/procedure-type';
import { useConfirmedSummary } from '../api/get-validation-summary';
import { doneLines } from '../lib/validation-summary';
import { UnknownProcedure } from './unknown-procedure';

/**
 * docs/requirements.md §2 …/upload/complete: 'Upload complete', what the confirm did to the list
 * once it has done it (?batchId=, docs/decisions/0037-what-the-confirm-will-do.md), what happens
 * next, back to the overview.
 */
export function UploadCompletePage() {
  const { type, name } = useProcedureType();
  const [params] = useSearchParams();
  if (!type) return <UnknownProcedure />;
  const listName = name ? name.toLowerCase() : 'this type of operation';
  const batchId = params.get('batchId') ?? '';
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <Panel title="Upload complete">
          <p>The new patient list for {listName} replaces the current list.</p>
        </Panel>
        {batchId && <WhatItDid type={type} batchId={batchId} />}
        <h2>What happens next</h2>
        <p>
          The new list is put in place, then every patient on it is given a risk prediction. Until that is
          done, the service status shows Busy and another patient list cannot be uploaded.
        </p>
        <p>Patients who were on the previous list but are not on the new one are archived.</p>
        <ul className="nhsuk-list">
          <li>
            <Link className="nhsuk-link" to={paths.uploadPatientListType(type)}>
              Back to the upload patient list overview
            </Link>
          </li>
          <li>
            <Link className="nhsuk-link" to={paths.dashboard()}>
              Go to the dashboard
            </Link>
          </li>
        </ul>
      </div>
    </div>
  );
}

/** What the confirm did, once it has; a status line while it is applied. */
function WhatItDid({ type, batchId }: { type: ProcedureCode; batchId: string }) {
  const trust = useTrustCode();
  const summary = useConfirmedSummary(trust, type, batchId);
  const changes = summary.data?.batchStatus === 'IMPORTED' ? summary.data.changes : null;
  return (
    <UploadChanges
      lines={changes && doneLines(changes)}
      pending={
        summary.isError
          ? 'What the upload changed cannot be shown now. The upload history shows the upload.'
          : 'The new list is being put in place.'
      }
    />
  );
}
