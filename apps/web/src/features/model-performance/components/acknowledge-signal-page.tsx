import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  cusumDirections,
  signalAcknowledgementRequestSchema,
  type CusumDirection,
  type ModelPerformance,
} from '@esr/contracts/model-performance';
import { procedureCodeSchema } from '@esr/contracts/procedures';
import { CaptionHeading } from '../../../components/caption-heading';
import { SummaryList, WarningCallout } from '../../../components/content';
import { ErrorSummary } from '../../../components/error-summary';
import { useProcedures } from '../../../lib/api/library';
import { useTrustCode } from '../../../lib/auth/trust-code';
import { formatDate } from '../../../lib/dates';
import { usePageTitleDetail } from '../../../lib/page-title';
import { useAcknowledgeSignal } from '../api/acknowledge-signal';
import { useFigures } from '../api/get-figures';
import { cusumDirectionText, cusumSignalText } from '../lib/figures-text';
import { BackToFiguresPage, figuresAddress } from './back-to-figures';
import { QueryStatus } from '../../../components/list-status';
import { NoteForm, useNoteForm } from './note-form';

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
  const back = figuresAddress(signal?.procedure);
  const form = useNoteForm(noteField, back);
  const chart = signal && figures.data ? figures.data.cusum[signal.direction] : undefined;
  const found = chart?.signals.find((each) => each.date === signal?.date);

  const submit = async () => {
    if (!signal) return;
    await form.save(
      signalAcknowledgementRequestSchema.safeParse({ ...signal, note: form.text }),
      acknowledge.mutateAsync,
      `Signal of ${formatDate(signal.date)} acknowledged`,
    );
  };

  return (
    <BackToFiguresPage back={back}>
      <ErrorSummary errors={form.errors} attempt={form.attempt} />
      <CaptionHeading title="Acknowledge a CUSUM signal" caption={procedureName} />
      {!signal ? (
        <p>This address names no CUSUM signal. Choose one from the model performance screen.</p>
      ) : (
        <>
          <QueryStatus query={figures} />
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
              <NoteForm
                form={form}
                label="What you found and did"
                hint={noteHint}
                action="Acknowledge signal"
                pending={acknowledge.isPending}
                onSubmit={submit}
              />
            </>
          )}
        </>
      )}
    </BackToFiguresPage>
  );
}
