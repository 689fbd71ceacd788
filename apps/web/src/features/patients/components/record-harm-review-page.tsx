import { useMemo } from 'react';
import { harmActionLabels, harmActions, harmLevelLabels, harmLevels } from '@esr/contracts/prioritisation';
import { CheckboxesField, RadiosField } from '../../../components/form-state-fields';
import { formatDate } from '../../../lib/dates';
import { useRecordHarmReview } from '../api/record-harm-review';
import { harmReviewNotice, moveUpHint } from '../lib/prioritisation-display';
import { harmReviewFields, harmReviewFormSchema } from '../lib/prioritisation-forms';
import { useClinicianForm } from './clinician-form';
import { choiceItems, TextareaField } from './prioritisation-fields';
import {
  PrioritisationForm,
  prioritisationFormPage,
  type PrioritisationFormProps,
} from './prioritisation-form';

const title = 'Record harm review';

/** What each level of harm asks of the clinician (decision 0044). */
const levelHints: Partial<Record<(typeof harmLevels)[number], string>> = {
  moderate: 'Move the pathway up one priority category, and tell the patient and their GP.',
  severe: 'Consider P1b, and review the patient at least weekly.',
};

/**
 * Decision 0044 /patient-lookup/{id}/record-harm-review (clinicians): the level of harm, what was
 * done (moving up one category moves the priority in the same step), and a note.
 */
export const RecordHarmReviewPage = prioritisationFormPage(title, HarmReviewForm);

function HarmReviewForm({ pathway, route }: PrioritisationFormProps) {
  const record = useRecordHarmReview(route.trust, route.type, route.id);
  const schema = useMemo(() => harmReviewFormSchema(pathway.priority), [pathway.priority]);
  const state = useClinicianForm({
    route,
    fields: harmReviewFields,
    fieldIds: { level: 'level-1', actions: 'actions-1', note: 'note' },
    schema,
    defaultValues: { level: '', actions: [], note: '' },
    submitting: record.isPending,
    send: async (values) => harmReviewNotice(values, pathway.priority, await record.mutateAsync(values)),
  });
  const last = pathway.lastHarmReview;
  return (
    <PrioritisationForm
      state={state}
      title={title}
      pathway={pathway}
      rows={[
        {
          key: 'Last harm review',
          value: last
            ? `${harmLevelLabels[last.level]}, reviewed on ${formatDate(last.reviewedOn)}`
            : 'No harm review recorded',
        },
      ]}
      submitLabel="Record harm review"
    >
      <RadiosField
        state={state}
        name="level"
        legend="Level of harm"
        hint="The harm the wait has caused the patient, as you have assessed it."
        items={choiceItems(harmLevels, harmLevelLabels, (level) => levelHints[level])}
      />
      <CheckboxesField
        state={state}
        name="actions"
        legend="What was done"
        hint="Select all that apply."
        items={choiceItems(harmActions, harmActionLabels, (action) =>
          action === 'moved_up_category' ? moveUpHint(pathway.priority) : undefined,
        )}
      />
      <TextareaField
        state={state}
        name="note"
        label="Note (optional)"
        hint="What you found and what was agreed. It is kept in the pathway’s history, with your name."
      />
    </PrioritisationForm>
  );
}
