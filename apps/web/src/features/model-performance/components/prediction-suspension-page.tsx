import { useSearchParams } from 'react-router';
import { showCalendarDate, todayInLondon } from '@esr/contracts/london-dates';
import {
  liftSuspensionRequestSchema,
  suspendPredictionsRequestSchema,
  type PredictionSuspension,
} from '@esr/contracts/prediction-suspension';
import { procedureCodeSchema, type ProcedureCode } from '@esr/contracts/procedures';
import { CaptionHeading } from '../../../components/caption-heading';
import { SummaryList, WarningCallout } from '../../../components/content';
import { ErrorSummary } from '../../../components/error-summary';
import { useProcedures } from '../../../lib/api/library';
import { useTrustCode } from '../../../lib/auth/trust-code';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { usePageTitleDetail } from '../../../lib/page-title';
import { useFigures } from '../api/get-figures';
import { useLiftSuspension, useSuspendPredictions } from '../api/prediction-suspension';
import { BackToFiguresPage, figuresAddress } from './back-to-figures';
import { QueryStatus } from '../../../components/list-status';
import { NoteForm, useNoteForm } from './note-form';

const reasonField = 'reason';
const suspendHint =
  'For example: the CUSUM signalled more complications than predicted; suspended while the surgical leads review the model. Up to 2,000 characters.';
const liftHint =
  'For example: recalibrated version 3 approved, its local calibration is acceptable. Up to 2,000 characters.';

/**
 * /model-performance/prediction-suspension (decision 0063): the clinical safety officer suspends
 * the predictions for a type of operation, saying why, or lifts a suspension in force, saying why.
 * While suspended, every band and probability of the procedure is replaced by "Predictions
 * suspended by the clinical safety officer on …"; the list is still managed. Back on the figures,
 * a success banner says what was done.
 */
export function PredictionSuspensionPage() {
  const [params] = useSearchParams();
  const parsed = procedureCodeSchema.safeParse(params.get('procedure'));
  const procedure = parsed.success ? parsed.data : null;
  const procedures = useProcedures();
  const procedureName = procedures.data?.find((each) => each.code === procedure)?.name;
  usePageTitleDetail(procedureName);
  const back = figuresAddress(procedure);
  return (
    <BackToFiguresPage back={back}>
      {procedure ? (
        <SuspensionForm procedure={procedure} procedureName={procedureName} back={back} />
      ) : (
        <>
          <CaptionHeading title="Suspend or restore predictions" caption={undefined} />
          <p>This address names no type of operation. Choose one from the model performance screen.</p>
        </>
      )}
    </BackToFiguresPage>
  );
}

/** The suspension in force: who suspended the predictions, when and why, and what lifting it does. */
function SuspensionInForce({ suspension, lower }: { suspension: PredictionSuspension; lower: string }) {
  return (
    <>
      <SummaryList
        rows={[
          { key: 'Suspended on', value: formatDate(suspension.suspendedOn) },
          { key: 'Suspended by', value: suspension.suspendedBy },
          { key: 'When', value: formatDateTime(suspension.suspendedAt) },
          { key: 'Reason', value: suspension.reason },
        ]}
      />
      <p>
        When you lift the suspension, every risk band and probability for {lower} is shown again, as the
        active model version last scored it. Lift it only once the model has been reviewed, or an earlier or
        recalibrated version approved.
      </p>
    </>
  );
}

/** Before a suspension: what it does to every screen, and when to suspend. */
function WhatSuspendingDoes({ lower }: { lower: string }) {
  return (
    <>
      <WarningCallout heading="What suspending does">
        <p>
          Every risk band and probability for {lower} is replaced by ‘Predictions suspended by the clinical
          safety officer on {showCalendarDate(todayInLondon())}’ on every screen, in the worklist, in
          downloads and reports, and to other systems. The patients stay on the waiting list and staff can
          still manage it. Monitoring carries on, so that you can judge when to lift it.
        </p>
      </WarningCallout>
      <p>
        Suspend when the model can no longer be trusted and there is no safe version to go back to yet: for
        example after a CUSUM signal, or while a recalibration waits for enough complications.
      </p>
    </>
  );
}

/** Suspending the procedure's predictions, or lifting the suspension in force, with the reason. */
function SuspensionForm({
  procedure,
  procedureName,
  back,
}: {
  procedure: ProcedureCode;
  procedureName: string | undefined;
  back: string;
}) {
  const trust = useTrustCode();
  const figures = useFigures(trust, procedure, {});
  const suspend = useSuspendPredictions(trust, procedure);
  const lift = useLiftSuspension(trust, procedure);
  const form = useNoteForm(reasonField, back);
  const suspension = figures.data?.suspension;
  const lower = procedureName?.toLowerCase() ?? 'this type of operation';

  const submit = async () => {
    if (suspension === undefined) return;
    if (suspension)
      await form.save(
        liftSuspensionRequestSchema.safeParse({ reason: form.text }),
        lift.mutateAsync,
        `Predictions for ${lower} are shown again`,
      );
    else
      await form.save(
        suspendPredictionsRequestSchema.safeParse({ reason: form.text }),
        suspend.mutateAsync,
        `Predictions for ${lower} suspended`,
      );
  };

  return (
    <>
      <ErrorSummary errors={form.errors} attempt={form.attempt} />
      <CaptionHeading
        title={suspension ? 'Lift the suspension of predictions' : 'Suspend predictions'}
        caption={procedureName}
      />
      <QueryStatus query={figures} />
      {suspension !== undefined && (
        <>
          {suspension ? (
            <SuspensionInForce suspension={suspension} lower={lower} />
          ) : (
            <WhatSuspendingDoes lower={lower} />
          )}
          <NoteForm
            form={form}
            label={suspension ? 'Why predictions can be used again' : 'Why you are suspending predictions'}
            hint={suspension ? liftHint : suspendHint}
            action={suspension ? 'Lift the suspension' : 'Suspend predictions'}
            pending={suspend.isPending || lift.isPending}
            warning={!suspension}
            onSubmit={submit}
          />
        </>
      )}
    </>
  );
}
