import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { messages } from '@esr/contracts/messages';
import {
  cusumDirections,
  signalAcknowledgementRequestSchema,
  type CusumDirection,
  type ModelPerformance,
} from '@esr/contracts/model-performance';
import { procedureCodeSchema } from '@esr/contracts/procedures';
import { Button } from '../../../components/button';
import { CaptionHeading } from '../../../components/caption-heading';
import { SummaryList, WarningCallout } from '../../../components/content';
import { ErrorSummary, type ErrorSummaryItem } from '../../../components/error-summary';
import { Textarea } from '../../../components/form-fields';
import { ListStatus } from '../../../components/list-status';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useProcedures } from '../../../lib/api/library';
import { useTrustCode } from '../../../lib/auth/trust-code';
import { formatDate } from '../../../lib/dates';
import { setPageNotice } from '../../../lib/page-notice';
import { usePageTitleDetail } from '../../../lib/page-title';
import { useAcknowledgeSignal } from '../api/acknowledge-signal';
import { useFigures } from '../api/get-figures';
import { cusumDirectionText, cusumSignalText } from '../lib/figures-text';
import { writeMonitoringView } from '../lib/view-params';

const noteField = 'note';
const noteHint =
  'What you found and what was done: for example, reviewed with the surgical leads, the rise follows a change of prosthesis, model kept and reviewed monthly. Up to 2,000 characters.';

/** The signal the address names, or null when it names none the API could take. */
function signalOf(params: URLSearchParams) {
  const procedure = procedureCodeSchema.safeParse(params.get('procedure'));
  const direction = params.get('direction');
  const date = params.get('date');
  if (!procedure.success || !date || !(cusumDirections as readonly string[]).includes(direction ?? ''))
    return null;
  return { procedure: procedure.data, direction: direction as CusumDirection, date };
}

/** What a refused acknowledgement says: the API's words, under the note when it is a 400. */
function acknowledgeFailure(error: unknown): ErrorSummaryItem {
  const detail =
    error instanceof ApiError ? (error.body?.errors?.[noteField]?.[0] ?? error.body?.detail) : undefined;
  return {
    text: detail ?? messages.someError,
    ...(error instanceof ApiError && error.status === 400 ? { fieldId: noteField } : {}),
  };
}

/** The open signal under review: what it says, its chart, date and outcomes, and what to review. */
function SignalUnderReview({
  signal,
  figures,
}: {
  signal: NonNullable<ReturnType<typeof signalOf>>;
  figures: Pick<ModelPerformance, 'n' | 'events'>;
}) {
  return (
    <>
      <WarningCallout>
        <p>{cusumSignalText(signal)}</p>
      </WarningCallout>
      <SummaryList
        rows={[
          { key: 'Chart', value: `The CUSUM for ${cusumDirectionText(signal.direction)}` },
          { key: 'Signalled on', value: formatDate(signal.date) },
          {
            key: 'Outcomes counted',
            value: `${figures.n.toLocaleString('en-GB')}, ${figures.events.toLocaleString('en-GB')} with a complication`,
          },
        ]}
      />
      <p>
        Review the model with the surgical and anaesthetic leads before you acknowledge the signal: look at
        the patients operated on around the date, any change of case mix, technique or recording, and the
        figures by patient group. If the model can no longer be trusted, ask a technical admin to propose an
        earlier version for you to approve.
      </p>
    </>
  );
}

/**
 * /model-performance/acknowledge-signal (decision 0061): the clinical safety officer acknowledges a
 * CUSUM signal with a note of what they found and did. Until then it is open, and the monitoring
 * and model screens lead with it. The note is checked as the API checks it; the page returns to the
 * figures with a success banner.
 */
export function AcknowledgeSignalPage() {
  const [params] = useSearchParams();
  const signal = useMemo(() => signalOf(params), [params]);
  const trust = useTrustCode();
  const procedures = useProcedures();
  const procedureName = procedures.data?.find((procedure) => procedure.code === signal?.procedure)?.name;
  usePageTitleDetail(procedureName);
  const figures = useFigures(trust, signal?.procedure ?? 'knee', {});
  const acknowledge = useAcknowledgeSignal(trust, signal?.procedure ?? 'knee');
  const navigate = useNavigate();
  const [note, setNote] = useState('');
  const [attempt, setAttempt] = useState(0);
  const [errors, setErrors] = useState<ErrorSummaryItem[]>([]);
  const back = signal
    ? paths.modelPerformance(writeMonitoringView({ procedure: signal.procedure, by: 'sex' }).toString())
    : paths.modelPerformance();
  const chart = signal && figures.data ? figures.data.cusum[signal.direction] : undefined;
  const found = chart?.signals.find((each) => each.date === signal?.date);

  const submit = async () => {
    if (!signal) return;
    setAttempt((count) => count + 1);
    const checked = signalAcknowledgementRequestSchema.safeParse({ ...signal, note });
    if (!checked.success) {
      const problem = checked.error.issues.find((issue) => issue.path[0] === noteField);
      setErrors([{ text: problem?.message ?? messages.someError, fieldId: noteField }]);
      return;
    }
    try {
      await acknowledge.mutateAsync(checked.data);
      setPageNotice(back, `Signal of ${formatDate(signal.date)} acknowledged`);
      void navigate(back);
    } catch (error) {
      setErrors([acknowledgeFailure(error)]);
    }
  };

  const noteError = errors.find((error) => error.fieldId === noteField)?.text;
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <ErrorSummary errors={errors} attempt={attempt} />
        <CaptionHeading title="Acknowledge a CUSUM signal" caption={procedureName} />
        {!signal ? (
          <p>This address names no CUSUM signal. Choose one from the model performance screen.</p>
        ) : (
          <>
            <ListStatus
              isLoading={figures.isLoading}
              isError={figures.isError}
              isEmpty={false}
              onRetry={() => void figures.refetch()}
            />
            {figures.data && !found && <p>The CUSUM has no such signal for this procedure.</p>}
            {found?.acknowledgement && (
              <p>
                This signal was acknowledged on {formatDate(found.acknowledgement.at)} by{' '}
                {found.acknowledgement.by}.
              </p>
            )}
            {found && !found.acknowledgement && (
              <>
                <SignalUnderReview signal={signal} figures={figures.data!} />
                <form
                  noValidate
                  onSubmit={(event) => {
                    event.preventDefault();
                    void submit();
                  }}
                >
                  <Textarea
                    id={noteField}
                    label="What you found and did"
                    labelClassName="nhsuk-label--s"
                    hint={noteHint}
                    error={noteError}
                    value={note}
                    onChange={(event) => setNote(event.target.value)}
                  />
                  <Button type="submit" aria-disabled={acknowledge.isPending || undefined}>
                    {acknowledge.isPending ? 'Saving…' : 'Acknowledge signal'}
                  </Button>
                </form>
              </>
            )}
          </>
        )}
        <p>
          <Link className="nhsuk-link" to={back}>
            Back to model performance
          </Link>
        </p>
      </div>
    </div>
  );
}
