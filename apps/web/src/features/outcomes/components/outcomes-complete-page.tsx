import { Link, useSearchParams } from 'react-router';
import { messages } from '@esr/contracts/messages';
import type { ProcedureCode } from '@esr/contracts/procedures';
import type { BatchStatus } from '@esr/contracts/waiting-list';
import { Panel } from '../../../components/content';
import { UploadChanges } from '../../../components/upload-changes';
import { paths } from '../../../config/paths';
import { useTrustCode } from '../../../lib/auth/trust-code';
import { useProcedureType } from '../../../lib/procedure-type';
import { useConfirmedOutcomes } from '../api/get-outcomes-validation-summary';
import { doneLines } from '../lib/outcomes-summary';
import { UnknownProcedure } from './unknown-procedure';

/**
 * Decision 0045 /outcomes/{type}/upload/complete?batchId=: the outcomes are recorded; what the
 * confirm did (from the upload's summary once imported), what follows, and the way back.
 */
export function OutcomesCompletePage() {
  const { type, name } = useProcedureType();
  const [params] = useSearchParams();
  if (!type) return <UnknownProcedure />;
  const batchId = params.get('batchId') ?? '';
  const procedure = name ? name.toLowerCase() : 'this type of operation';
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <Panel title="Outcomes recorded">
          <p>The outcomes file for {procedure} is confirmed.</p>
        </Panel>
        {batchId && <WhatWasRecorded type={type} batchId={batchId} />}
        <h2>What happens next</h2>
        <p>
          Each patient&apos;s outcome is shown on their risk summary. Where the model made a prediction before
          the day of the operation, that prediction is checked against the outcome, to see how well the model
          predicts complications; an outcome with no prediction before it is kept but not checked. The model
          performance screen says how many outcomes it has judged.
        </p>
        <p>
          <Link className="nhsuk-link" to={paths.outcomesType(type)}>
            Back to outcomes after surgery
          </Link>
        </p>
        <p>
          <Link className="nhsuk-link" to={paths.dashboard()}>
            Go to the dashboard
          </Link>
        </p>
      </div>
    </div>
  );
}

const confirming = (status: BatchStatus) => status === 'IMPORTED' || status === 'CONFIRMING';

/** What the confirm did, once the upload says it is imported; a status line until then. */
function WhatWasRecorded({ type, batchId }: { type: ProcedureCode; batchId: string }) {
  const trust = useTrustCode();
  const summary = useConfirmedOutcomes(trust, type, batchId);
  const changes = summary.data?.batchStatus === 'IMPORTED' ? summary.data.changes : null;
  const pending = summary.isError
    ? 'What the upload changed cannot be shown now. The earlier outcomes uploads show the upload.'
    : summary.data && !confirming(summary.data.batchStatus)
      ? 'This upload has not been confirmed. The earlier outcomes uploads show what became of it.'
      : messages.loading;
  return <UploadChanges lines={changes && doneLines(changes)} pending={pending} />;
}
