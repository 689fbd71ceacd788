import { useMemo } from 'react';
import { priorityCodes, priorityDescriptions } from '@esr/contracts/prioritisation';
import { useChangePriority } from '../api/change-priority';
import { priorityChangedNotice } from '../lib/prioritisation-display';
import { changePriorityFields, changePriorityFormSchema } from '../lib/prioritisation-forms';
import { RadiosField, TextareaField } from './prioritisation-fields';
import {
  PrioritisationForm,
  prioritisationFormPage,
  usePrioritisationForm,
  type PrioritisationFormProps,
} from './prioritisation-form';
import { CurrentPriority } from './prioritisation-values';

const title = 'Change priority';

/**
 * Decision 0044 /patient-lookup/{id}/change-priority (clinicians): the current priority, the new
 * one (not the same) and the reason, kept in the pathway's history.
 */
export const ChangePriorityPage = prioritisationFormPage(title, ChangePriorityForm);

function ChangePriorityForm({ pathway, route }: PrioritisationFormProps) {
  const change = useChangePriority(route.trust, route.type, route.id);
  const schema = useMemo(() => changePriorityFormSchema(pathway.priority), [pathway.priority]);
  const state = usePrioritisationForm({
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
      rows={[{ key: 'Current priority', value: <CurrentPriority pathway={pathway} /> }]}
      submitLabel="Change priority"
    >
      <RadiosField
        state={state}
        name="priorityCode"
        legend="New priority"
        hint="Choose a priority different from the current one."
        items={priorityCodes.map((code) => ({
          value: code,
          label: priorityDescriptions[code],
          ...(code === pathway.priority && { hint: 'The current priority' }),
        }))}
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
