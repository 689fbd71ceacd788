import {
  priorityDescriptions,
  validationContactLabels,
  validationContacts,
  validationOutcomeLabels,
  validationOutcomes,
} from '@esr/contracts/prioritisation';
import { Link } from 'react-router';
import { Tag } from '../../../components/content';
import { RadiosField } from '../../../components/form-state-fields';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/dates';
import { useRecordValidation } from '../api/record-validation';
import { validationNotice } from '../lib/prioritisation-display';
import { validationFields, validationFormSchema } from '../lib/prioritisation-forms';
import { useClinicianForm } from './clinician-form';
import { choiceItems, RevealRadiosField, TextareaField } from './prioritisation-fields';
import {
  PrioritisationForm,
  prioritisationFormPage,
  type PrioritisationFormProps,
} from './prioritisation-form';
import { usePrioritisationReturn } from './prioritisation-screen';

const title = 'Record validation';

const outcomeHints: Record<(typeof validationOutcomes)[number], string> = {
  remain: 'The patient still needs and wants the operation.',
  postpone: 'The patient wants to wait: their priority becomes P5 or P6.',
  remove: 'The pathway leaves the active waiting list. Enter the clinical decision in the note.',
};

/**
 * Decision 0044 /patient-lookup/{id}/record-validation (clerical users and waiting list admins): the
 * outcome of contacting the patient (remain, postpone with P5 or P6, or remove with the clinical
 * decision), how they were contacted, and a note.
 */
export const RecordValidationPage = prioritisationFormPage(title, ValidationForm);

function ValidationForm({ pathway, route }: PrioritisationFormProps) {
  const record = useRecordValidation(route.trust, route.type, route.id);
  const state = useClinicianForm({
    route,
    fields: validationFields,
    fieldIds: { outcome: 'outcome-1', contact: 'contact-1', postponeTo: 'postponeTo-1', note: 'note' },
    schema: validationFormSchema,
    defaultValues: { outcome: '', contact: '', postponeTo: '', note: '' },
    submitting: record.isPending,
    send: async (values) => {
      await record.mutateAsync(values);
      return validationNotice(values);
    },
  });
  const due = pathway.flags.includes('validation_due');
  return (
    <>
      <PrioritisationForm
        state={state}
        title={title}
        pathway={pathway}
        rows={[
          {
            key: 'Last validated',
            value: pathway.lastValidatedOn ? formatDate(pathway.lastValidatedOn) : 'Not validated yet',
          },
          {
            key: 'Next validation due',
            value: (
              <>
                {pathway.nextValidationDue
                  ? formatDate(pathway.nextValidationDue)
                  : 'No clock start recorded'}
                {due && (
                  <>
                    {' '}
                    <Tag colour="orange">Due</Tag>
                  </>
                )}
              </>
            ),
          },
        ]}
        submitLabel="Record validation"
      >
        <RevealRadiosField
          state={state}
          name="outcome"
          legend="Outcome of the validation"
          items={validationOutcomes.map((outcome) => ({
            value: outcome,
            label: validationOutcomeLabels[outcome],
            hint: outcomeHints[outcome],
            ...(outcome === 'postpone' && {
              reveal: (
                <RadiosField
                  state={state}
                  name="postponeTo"
                  legend="The patient’s choice"
                  items={choiceItems(['P5', 'P6'] as const, priorityDescriptions)}
                />
              ),
            }),
          }))}
        />
        <RadiosField
          state={state}
          name="contact"
          legend="How was the patient contacted?"
          items={choiceItems(validationContacts, validationContactLabels)}
        />
        <TextareaField
          state={state}
          name="note"
          label="Note"
          hint="Optional, unless you remove the pathway: then enter the clinical decision to remove it. The note is kept in the pathway’s history, with your name."
        />
      </PrioritisationForm>
      <OptimisationLink route={route} />
    </>
  );
}

/**
 * Decision 0071: a waiting list admin, who cannot open the risk summary, finds the patient's risk
 * factors to optimise before surgery from here, where the worklist leads them.
 */
function OptimisationLink({ route }: { route: PrioritisationFormProps['route'] }) {
  const { toWorklist } = usePrioritisationReturn(route.id, route.type);
  if (!toWorklist) return null;
  return (
    <p className="nhsuk-u-margin-top-6">
      <Link className="nhsuk-link" to={paths.patientOptimisation(route.id, route.type)}>
        Optimisation before surgery
      </Link>
    </p>
  );
}
