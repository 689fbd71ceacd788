import { useMemo } from 'react';
import { lowRiskIsNotUrgency, priorityCodes, priorityDescriptions } from '@esr/contracts/prioritisation';
import { InsetText } from '../../../components/content';
import { RadiosField } from '../../../components/form-state-fields';
import { formatDate } from '../../../lib/dates';
import { useChangePriority } from '../api/change-priority';
import { changePriorityHint, postponedFromText, priorityChangedNotice } from '../lib/prioritisation-display';
import { changePriorityFields, changePriorityFormSchema } from '../lib/prioritisation-forms';
import { useClinicianForm } from './clinician-form';
import { choiceItems, TextareaField } from './prioritisation-fields';
import {
  PrioritisationForm,
  prioritisationFormPage,
  type PrioritisationFormProps,
} from './prioritisation-form';

const title = 'Change priority';

/**
 * Decision 0044 /patient-lookup/{id}/change-priority (clinicians): the current priority, the new
 * one (not the same, unless it keeps a postponement waiting for a clinician, decision 0056) and the
 * reason, kept in the pathway's history. Beside the choice, that the predicted risk is not urgency
 * (hazard H008).
 */
export const ChangePriorityPage = prioritisationFormPage(title, ChangePriorityForm);

function ChangePriorityForm({ pathway, route }: PrioritisationFormProps) {
  const change = useChangePriority(route.trust, route.type, route.id);
  const reviewDue = pathway.postponedFrom !== null;
  const schema = useMemo(
    () => changePriorityFormSchema(pathway.priority, reviewDue),
    [pathway.priority, reviewDue],
  );
  const state = useClinicianForm({
    route,
    fields: changePriorityFields,
    fieldIds: { priorityCode: 'priorityCode-1', reason: 'reason' },
    schema,
    defaultValues: { priorityCode: '', reason: '' },
    submitting: change.isPending,
    send: async (values) => priorityChangedNotice(await change.mutateAsync(values)),
  });
  return (
    <PrioritisationForm
      state={state}
      title={title}
      pathway={pathway}
      rows={
        pathway.postponedFrom
          ? [{ key: 'Clinician review', value: postponedFromText(pathway.postponedFrom, formatDate) }]
          : []
      }
      submitLabel="Change priority"
    >
      <InsetText>
        <p>{lowRiskIsNotUrgency}</p>
      </InsetText>
      <RadiosField
        state={state}
        name="priorityCode"
        legend="New priority"
        hint={changePriorityHint(pathway)}
        items={choiceItems(priorityCodes, priorityDescriptions, (code) =>
          code === pathway.priority ? 'The current priority' : undefined,
        )}
      />
      <TextareaField
        state={state}
        name="reason"
        label="Reason for the change"
        hint="It is kept in the pathway’s history, with your name."
      />
    </PrioritisationForm>
  );
}
