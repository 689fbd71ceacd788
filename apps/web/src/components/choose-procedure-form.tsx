import type { ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { procedureChoices, useProcedures } from '../lib/api/library';
import { chooseProcedureSchema, procedureHint, type ChooseProcedure } from '../lib/choose-procedure';
import { Button } from './button';
import { ErrorSummary } from './error-summary';
import { Radios } from './form-fields';

const fieldName = 'procedure';

/**
 * docs/requirements.md §2: the type of operation, grouped by category, with the hint that explains
 * knee and hip replacement; Continue goes on with the chosen type. Upload and open pathways share
 * it. Radios rather than a select: three choices are read at a glance and chosen with one click
 * (decision 0040).
 */
export function ChooseProcedureForm({
  title,
  intro,
  onContinue,
}: {
  title: string;
  intro: ReactNode;
  onContinue: (procedure: ProcedureCode) => void;
}) {
  const procedures = useProcedures();
  const form = useForm<ChooseProcedure>({
    // The error summary takes focus (NHS.UK pattern), not the field.
    shouldFocusError: false,
    resolver: zodResolver(chooseProcedureSchema),
    defaultValues: { procedure: '' as ChooseProcedure['procedure'] },
  });
  const error = form.formState.errors.procedure?.message;
  const submit = form.handleSubmit(({ procedure }) => onContinue(procedure));
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <ErrorSummary
          errors={error ? [{ text: error, fieldId: `${fieldName}-1` }] : []}
          attempt={form.formState.submitCount}
        />
        <h1>{title}</h1>
        {intro}
        <form noValidate onSubmit={(event) => void submit(event)}>
          <Controller
            control={form.control}
            name={fieldName}
            render={({ field }) => (
              <Radios
                name={fieldName}
                legend="Type of operation"
                legendClassName="nhsuk-fieldset__legend--s"
                hint={procedureHint}
                error={error}
                items={procedureChoices(procedures.data ?? [])}
                selected={field.value ? [field.value] : []}
                onChange={(value) => field.onChange(value)}
              />
            )}
          />
          <Button type="submit">Continue</Button>
        </form>
      </div>
    </div>
  );
}
