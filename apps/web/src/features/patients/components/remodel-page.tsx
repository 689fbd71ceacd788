import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { messages } from '@esr/contracts/messages';
import type { ProcedureCode } from '@esr/contracts/procedures';
import {
  remodelErrors,
  remodelTabs,
  remodelWarnings,
  tabCompletion,
  tabIndexOf,
  type RemodelErrors,
  type RemodelQuestion,
  type RemodelRecord,
  type RemodelTab,
  type RemodelValues,
} from '@esr/contracts/remodel';
import { Button } from '../../../components/button';
import { ErrorSummary } from '../../../components/error-summary';
import { useRemodelRecord } from '../api/get-remodel-record';
import { useUpdateRemodelRecord } from '../api/update-remodel-record';
import {
  clearQuestion,
  errorOrder,
  errorsOnTab,
  fieldIdOf,
  hasErrors,
  initialUnknown,
  remodelBody,
  remodelFailureOf,
  tabWithErrors,
  valuesOf,
  type ErrorKey,
} from '../lib/remodel-form';
import {
  ActivePathway,
  PatientHeading,
  PatientPage,
  personName,
  useBreadcrumbPatient,
  useReturnToSummary,
  type PatientRoute,
} from './patient-screen';
import { RemodelQuestionField } from './remodel-question';
import { RemodelTabs } from './remodel-tabs';

const title = 'Remodel with new details';

/**
 * docs/requirements.md §2 /remodel-details: the record the model reads, in nine tabs, to correct and score again.
 * Save and Continue checks the tab it is on and moves to the next; Submit checks every tab
 * (docs/requirements.md §5), shows the Processing view while the server scores the record, then the new summary.
 */
export function RemodelPage() {
  return <PatientPage title={title} screen={RemodelScreen} />;
}

function RemodelScreen({ id, type, trust }: PatientRoute) {
  const record = useRemodelRecord(trust, type, id);
  useBreadcrumbPatient(id, record.data);
  return (
    <ActivePathway
      title={title}
      // The form starts from the record as it is now, never from an older copy in the cache.
      pathway={record.isFetchedAfterMount ? record.data : undefined}
      query={{
        isLoading: !record.isError,
        isError: record.isError,
        error: record.error,
        refetch: record.refetch,
      }}
    >
      {(data) => <RemodelForm record={data} trust={trust} id={id} type={type} />}
    </ActivePathway>
  );
}

/** The remodel form's state: the answers, the tab open, the errors and what the buttons do. */
function useRemodelForm(record: RemodelRecord, trust: string, id: string, type: ProcedureCode) {
  const backToSummary = useReturnToSummary(id, type);
  const update = useUpdateRemodelRecord(trust, type, id);
  const [values, setValues] = useState<RemodelValues>(() => valuesOf(record));
  const [unknown, setUnknown] = useState<Record<string, boolean>>(() => initialUnknown(valuesOf(record)));
  const [active, setActive] = useState(0);
  const [errors, setErrors] = useState<RemodelErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  // After a move to another tab by a button, its heading takes the focus, as a new page would.
  const [focusPanel, setFocusPanel] = useState<number | null>(null);
  useEffect(() => {
    if (focusPanel === null) return;
    document.getElementById(`remodel-heading-${remodelTabs[focusPanel]!.id}`)?.focus();
    setFocusPanel(null);
  }, [focusPanel]);

  const showErrors = (found: RemodelErrors, message: string | null = null) => {
    setErrors(found);
    setProblem(message);
    setAttempt((count) => count + 1);
  };

  const saveAndContinue = () => {
    const found = errorsOnTab(remodelErrors(values), active);
    if (hasErrors(found)) {
      showErrors(found);
      return;
    }
    setErrors({});
    setProblem(null);
    setActive(active + 1);
    setFocusPanel(active + 1);
  };

  const submit = async () => {
    const found = remodelErrors(values);
    if (hasErrors(found)) {
      showErrors(found);
      setActive(tabWithErrors(found) ?? active);
      return;
    }
    setErrors({});
    setProblem(null);
    try {
      await update.mutateAsync(remodelBody(record, values));
      backToSummary();
    } catch (error) {
      const failure = remodelFailureOf(error, messages.someError);
      showErrors(failure.fieldErrors, failure.message ?? null);
      setActive(tabWithErrors(failure.fieldErrors) ?? active);
    }
  };

  const changeUnknown = (question: RemodelQuestion, isUnknown: boolean) => {
    setUnknown((current) => ({ ...current, [question.id]: isUnknown }));
    if (isUnknown) setValues((current) => clearQuestion(current, question));
  };

  return {
    values,
    unknown,
    active,
    errors,
    attempt,
    processing: update.isPending,
    summaryItems: [
      ...(problem ? [{ text: problem }] : []),
      ...errorOrder.flatMap((key) => (errors[key] ? [{ text: errors[key], fieldId: fieldIdOf(key) }] : [])),
    ],
    setActive,
    change: (change: Partial<RemodelValues>) => setValues((current) => ({ ...current, ...change })),
    changeUnknown,
    saveAndContinue,
    submit,
    cancel: backToSummary,
  };
}

type RemodelFormState = ReturnType<typeof useRemodelForm>;

/** An error summary link to a question on another tab opens that tab first. */
function followErrorLink(event: MouseEvent<HTMLDivElement>, openTab: (tab: number) => void) {
  const link = (event.target as HTMLElement).closest('a');
  const target = link?.getAttribute('href')?.slice(1);
  const key = errorOrder.find((candidate) => fieldIdOf(candidate) === target);
  if (!key) return;
  event.preventDefault();
  const tab = tabIndexOf(key);
  if (tab >= 0) openTab(tab);
  requestAnimationFrame(() => {
    const target = document.getElementById(fieldIdOf(key));
    target?.focus();
    target?.scrollIntoView({ block: 'center' });
  });
}

function RemodelForm({
  record,
  trust,
  id,
  type,
}: {
  record: RemodelRecord;
  trust: string;
  id: string;
  type: ProcedureCode;
}) {
  const state = useRemodelForm(record, trust, id, type);
  const { active } = state;

  if (state.processing) return <Processing />;

  return (
    <>
      {/* Its links go to questions that may be on another tab: that tab is opened first. */}
      <div onClick={(event) => followErrorLink(event, state.setActive)}>
        <ErrorSummary errors={state.summaryItems} attempt={state.attempt} />
      </div>
      <PatientHeading title={title} name={personName(record)} />
      <p>
        Check the patient&apos;s details, correct any that are wrong or missing, then submit them to run the
        risk predictor again. Tick &apos;I do not know this information&apos; for anything not known: the
        model then uses a normalised value, which affects its prediction.
      </p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          // Enter in a field (the form's default button) saves the tab and continues, or on the
          // last tab submits; each button says which it is.
          const submitter = (event.nativeEvent as SubmitEvent).submitter;
          if (submitter?.dataset.action === 'submit' || active === remodelTabs.length - 1)
            void state.submit();
          else state.saveAndContinue();
        }}
      >
        <RemodelTabs
          tabs={remodelTabs}
          active={active}
          completion={(tab) => tabCompletion(tab, state.values)}
          withErrors={(index) => hasErrors(errorsOnTab(state.errors, index))}
          onSelect={state.setActive}
          panel={(tab, index) => <RemodelPanel state={state} tab={tab} index={index} />}
        />
      </form>
    </>
  );
}

/** While the server scores the new details: its heading takes the focus. */
function Processing() {
  const processingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    processingRef.current?.focus();
  }, []);
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <h1 className="app-focus-target" ref={processingRef} tabIndex={-1}>
          Processing
        </h1>
        <div role="status">
          <p>The new details are being processed. This usually takes 10 to 30 seconds.</p>
          <p>You do not need to refresh the page: the new risk summary will show when it is ready.</p>
        </div>
        <div className="app-processing" aria-hidden="true" />
      </div>
    </div>
  );
}

/** One tab's panel: its heading, its questions and the buttons. */
function RemodelPanel({ state, tab, index }: { state: RemodelFormState; tab: RemodelTab; index: number }) {
  const warnings = remodelWarnings(state.values);
  const last = index === remodelTabs.length - 1;
  return (
    <>
      <h2 className="app-focus-target" id={`remodel-heading-${tab.id}`} tabIndex={-1}>
        <span className="nhsuk-caption-m">
          Section {index + 1} of {remodelTabs.length}
          <span className="nhsuk-u-visually-hidden"> - </span>
        </span>
        {tab.title}
      </h2>
      {tab.questions.map((question) => (
        <RemodelQuestionField
          key={question.id}
          question={question}
          values={state.values}
          unknown={state.unknown[question.id] ?? false}
          error={state.errors[question.id as ErrorKey]}
          warning={warnings[question.id as keyof typeof warnings]}
          onChange={state.change}
          onUnknownChange={(isUnknown) => state.changeUnknown(question, isUnknown)}
        />
      ))}
      <div className="app-button-group">
        {!last && (
          <Button type="submit" data-action="save">
            Save and Continue
          </Button>
        )}
        <Button type="submit" data-action="submit" variant={last ? 'primary' : 'secondary'}>
          Submit
        </Button>
        <Button type="button" variant="secondary" onClick={state.cancel}>
          Cancel
        </Button>
      </div>
    </>
  );
}
