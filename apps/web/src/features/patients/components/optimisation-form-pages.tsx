import { useMemo, type ReactNode } from 'react';
import { useParams } from 'react-router';
import {
  optimisationFactorSchema,
  optimisationStatusLabels,
  type PathwayFactor,
  type PathwayOptimisation,
} from '@esr/contracts/optimisation';
import type { PathwayPrioritisation } from '@esr/contracts/prioritisation';
import { InsetText, Tag, type SummaryRow } from '../../../components/content';
import { DataText } from '../../../components/data-text';
import { ErrorSummary } from '../../../components/error-summary';
import { RadiosField } from '../../../components/form-state-fields';
import { screenTable } from '../../../config/screen-table';
import { useCheckedForm } from '../../../lib/checked-form';
import { formatDate } from '../../../lib/dates';
import { useRecordOptimisation } from '../api/record-optimisation';
import {
  actionHeading,
  actionScreens,
  optimisationNotice,
  type OptimisationAction,
} from '../lib/optimisation-actions';
import { statusColours } from '../lib/optimisation-display';
import {
  emptyOptimisationValues,
  optimisationFields,
  optimisationFailureOf,
  optimisationFormSchema,
  type OptimisationField,
} from '../lib/optimisation-forms';
import { ClinicianFormBody } from './clinician-form';
import { OptimisationScreen, useOptimisationReturn } from './optimisation-screen';
import { Finding } from './optimisation-section';
import { PatientPage, type PatientRoute } from './patient-screen';
import { TextareaField } from './prioritisation-fields';
import { PrioritisationHeader } from './prioritisation-screen';

/** The button of each step's form. */
const submitLabels: Record<OptimisationAction, string> = {
  refer: 'Record referral',
  progress: 'Record progress',
  met: 'Record as met',
  declined: 'Record as declined',
  notPossible: 'Record as not possible',
};

/** The reason's hint on the closing steps': what a reader of the entry later needs to know. */
const reasonHints: Partial<Record<OptimisationAction, string>> = {
  met: 'How the target was met, with the value and its date, for example “Haemoglobin 134 g/L on 12-Jan-2027”.',
  declined: 'What the patient said, and what they were told about the risk of going ahead as they are.',
  notPossible: 'The clinical reason the target cannot be reached before surgery.',
};

const noteHints: Partial<Record<OptimisationAction, string>> = {
  refer: 'For example, what was sent and when. It is kept with the risk factor’s entries, with your name.',
  progress: 'What has been done so far, for example an appointment booked or a treatment started.',
};

const fieldIds: Record<OptimisationField, string> = { service: 'service-1', note: 'note', reason: 'reason' };

/** What the step is about, under the patient's name and NHS number. */
function factorRows(factor: PathwayFactor): SummaryRow[] {
  return [
    { key: 'Risk factor', value: factor.label },
    { key: 'Finding', value: <Finding factor={factor} /> },
    {
      key: 'Status',
      value: <Tag colour={statusColours[factor.status]}>{optimisationStatusLabels[factor.status]}</Tag>,
    },
    {
      key: 'Due by',
      value: (
        <>
          {formatDate(factor.dueOn)}
          {factor.overdue && (
            <>
              {' '}
              <Tag colour="red">Overdue</Tag>
            </>
          )}
        </>
      ),
    },
    { key: 'What is asked', value: factor.ask },
  ];
}

interface FormProps {
  action: OptimisationAction;
  route: PatientRoute;
  pathway: PathwayPrioritisation;
  factor: PathwayFactor;
  optimisation: PathwayOptimisation;
}

/**
 * A step's form (decision 0071): checked as the API checks it, sent, then back to the page that
 * opened it with what was recorded; the server's refusal under its fields, or in the error summary.
 */
function OptimisationForm({ action, route, pathway, factor, optimisation }: FormProps) {
  const record = useRecordOptimisation(route.trust, route.type, route.id);
  const { leave } = useOptimisationReturn(route.id, route.type);
  const fields: readonly OptimisationField[] = optimisationFields[action];
  const schema = useMemo(
    () => optimisationFormSchema(action, factor.code, factor.services),
    [action, factor.code, factor.services],
  );
  const { summary, submit, ...state } = useCheckedForm({
    fields,
    fieldIds,
    schema,
    defaultValues: emptyOptimisationValues,
    busy: record.isPending,
    send: async (request) => {
      await record.mutateAsync(request);
      return optimisationNotice(factor.code, request.status!, request.service);
    },
    onSent: (notice: string) => leave(notice),
    failureOf: (error) => optimisationFailureOf(error, fields),
    messagePlace: 'first',
  });
  const shows = (field: OptimisationField) => fields.includes(field);
  const view = {
    errors: summary,
    attempt: state.attempt,
    onSubmit: (event: React.FormEvent<HTMLFormElement>) => void submit(event),
    leave: () => leave(),
    busy: record.isPending,
    submitting: record.isPending,
  };
  const title = actionHeading(action, factor.code);
  return (
    <>
      <ErrorSummary errors={summary} attempt={state.attempt} />
      <PrioritisationHeader title={title} pathway={pathway} rows={factorRows(factor)} />
      {factor.code === 'weight' && (
        <InsetText>
          <p>{optimisation.weightNote}</p>
        </InsetText>
      )}
      <ClinicianFormBody state={view} submitLabel={submitLabels[action]}>
        {shows('service') && (
          <RadiosField
            state={state}
            name="service"
            legend="Service the patient is referred to"
            hint="The trust’s services for this risk factor."
            items={factor.services.map((service) => ({ value: service, label: <DataText text={service} /> }))}
          />
        )}
        {shows('reason') && (
          <TextareaField state={state} name="reason" label="Reason" hint={reasonHints[action]} />
        )}
        {shows('note') && (
          <TextareaField state={state} name="note" label="Note (optional)" hint={noteHints[action]} />
        )}
      </ClinicianFormBody>
    </>
  );
}

/**
 * The page of one step for the factor in the address (…/optimisation/{factor}/{step}): its
 * heading names both ("Refer for anaemia", "Record anaemia as met").
 */
function optimisationFormPage(action: OptimisationAction) {
  const screenTitle = screenTable[actionScreens[action]].title;
  function OptimisationFormScreen(route: PatientRoute): ReactNode {
    const parsed = optimisationFactorSchema.safeParse(useParams().factor);
    const code = parsed.success ? parsed.data : null;
    const title = code ? actionHeading(action, code) : screenTitle;
    return (
      <OptimisationScreen title={title} route={route} factor={code}>
        {(pathway, factor, optimisation) => (
          <OptimisationForm
            action={action}
            route={route}
            pathway={pathway}
            factor={factor}
            optimisation={optimisation}
          />
        )}
      </OptimisationScreen>
    );
  }
  return function OptimisationFormPage() {
    return <PatientPage title={screenTitle} screen={OptimisationFormScreen} />;
  };
}

export const OptimisationReferPage = optimisationFormPage('refer');
export const OptimisationProgressPage = optimisationFormPage('progress');
export const OptimisationMetPage = optimisationFormPage('met');
export const OptimisationDeclinedPage = optimisationFormPage('declined');
export const OptimisationNotPossiblePage = optimisationFormPage('notPossible');
