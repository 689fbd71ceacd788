import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { messages } from '@esr/contracts/messages';
import {
  priorityDescriptions,
  validationContactLabels,
  validationContacts,
  validationOutcomeLabels,
  validationOutcomes,
  type PathwayPrioritisation,
} from '@esr/contracts/prioritisation';
import { Button } from '../../../components/button';
import { Tag } from '../../../components/content';
import { ErrorSummary } from '../../../components/error-summary';
import { Radios } from '../../../components/form-fields';
import { formatDate } from '../../../lib/dates';
import { useRecordValidation } from '../api/record-validation';
import { validationNotice } from '../lib/prioritisation-display';
import { validationFields, validationFormSchema, type ValidationValues } from '../lib/prioritisation-forms';
import { PatientPage, type PatientRoute } from './patient-screen';
import { CountedTextarea, RevealRadios } from './prioritisation-fields';
import {
  CancelButton,
  errorSummaryItems,
  PrioritisationHeader,
  PrioritisationScreen,
  usePrioritisationReturn,
  useServerFailure,
} from './prioritisation-screen';
import { CurrentPriority } from './prioritisation-values';

const title = 'Record validation';

type Field = (typeof validationFields)[number];
const fieldIds: Record<Field, string> = {
  outcome: 'outcome-1',
  contact: 'contact-1',
  postponeTo: 'postponeTo-1',
  note: 'note',
};

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
export function RecordValidationPage() {
  return <PatientPage title={title} screen={RecordValidationScreen} />;
}

function RecordValidationScreen(route: PatientRoute) {
  return (
    <PrioritisationScreen title={title} route={route}>
      {(pathway) => <ValidationForm pathway={pathway} route={route} />}
    </PrioritisationScreen>
  );
}

function ValidationForm({ pathway, route }: { pathway: PathwayPrioritisation; route: PatientRoute }) {
  const { trust, type, id } = route;
  const { leave } = usePrioritisationReturn(id, type);
  const record = useRecordValidation(trust, type, id);
  const server = useServerFailure(validationFields);
  const form = useForm<ValidationValues, unknown, z.output<typeof validationFormSchema>>({
    // The error summary takes focus (decision 0018), not the first field.
    shouldFocusError: false,
    resolver: zodResolver(validationFormSchema),
    defaultValues: { outcome: '', contact: '', postponeTo: '', note: '' },
  });
  const errorOf = (field: Field) =>
    form.formState.errors[field]?.message ?? server.failure?.fieldErrors[field];
  const submit = form.handleSubmit(
    async (values) => {
      if (record.isPending) return;
      server.clear();
      try {
        await record.mutateAsync(values);
        leave(validationNotice(values));
      } catch (error) {
        server.fail(error);
      }
    },
    () => server.clear(),
  );
  const items = errorSummaryItems(validationFields, fieldIds, errorOf, server.failure?.message);
  const due = pathway.flags.includes('validation_due');
  return (
    <>
      <ErrorSummary errors={items} attempt={form.formState.submitCount + server.failures} />
      <PrioritisationHeader
        title={title}
        pathway={pathway}
        rows={[
          { key: 'Current priority', value: <CurrentPriority pathway={pathway} /> },
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
      />
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Controller
          control={form.control}
          name="outcome"
          render={({ field }) => (
            <RevealRadios
              name="outcome"
              legend="Outcome of the validation"
              error={errorOf('outcome')}
              selected={field.value}
              onChange={(value) => field.onChange(value)}
              items={validationOutcomes.map((outcome) => ({
                value: outcome,
                label: validationOutcomeLabels[outcome],
                hint: outcomeHints[outcome],
                ...(outcome === 'postpone' && {
                  reveal: (
                    <Controller
                      control={form.control}
                      name="postponeTo"
                      render={({ field: postponeTo }) => (
                        <Radios
                          name="postponeTo"
                          legend="The patient’s choice"
                          legendClassName="nhsuk-fieldset__legend--s"
                          error={errorOf('postponeTo')}
                          items={(['P5', 'P6'] as const).map((code) => ({
                            value: code,
                            label: priorityDescriptions[code],
                          }))}
                          selected={[postponeTo.value]}
                          onChange={(value) => postponeTo.onChange(value)}
                        />
                      )}
                    />
                  ),
                }),
              }))}
            />
          )}
        />
        <Controller
          control={form.control}
          name="contact"
          render={({ field }) => (
            <Radios
              name="contact"
              legend="How was the patient contacted?"
              legendClassName="nhsuk-fieldset__legend--s"
              error={errorOf('contact')}
              items={validationContacts.map((contact) => ({
                value: contact,
                label: validationContactLabels[contact],
              }))}
              selected={[field.value]}
              onChange={(value) => field.onChange(value)}
            />
          )}
        />
        <Controller
          control={form.control}
          name="note"
          render={({ field }) => (
            <CountedTextarea
              id="note"
              label="Note"
              hint="Optional, unless you remove the pathway: then enter the clinical decision to remove it. The note is kept in the pathway’s history, with your name."
              error={errorOf('note')}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
            />
          )}
        />
        <div className="app-button-group">
          {/* Busy buttons are aria-disabled, not disabled: a disabled button would lose the focus. */}
          <Button type="submit" aria-disabled={record.isPending}>
            {record.isPending ? messages.submitting : 'Record validation'}
          </Button>
          <CancelButton onCancel={() => leave()} />
        </div>
      </form>
    </>
  );
}
