import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { procedureGroups, useProcedures } from '../lib/api/library';
import { chooseProcedureSchema, procedureHint, type ChooseProcedure } from '../lib/choose-procedure';
import { Button } from './button';
import { ErrorSummary } from './error-summary';
import { Select } from './form-fields';

const fieldId = 'procedure';

/**
 * docs/requirements.md §2: the type of operation chosen from a select grouped by category, which explains knee
 * and hip replacement; Continue goes on with the chosen type. Upload and open pathways share it.
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
        <ErrorSummary errors={error ? [{ text: error, fieldId }] : []} attempt={form.formState.submitCount} />
        <h1>{title}</h1>
        {intro}
        <form noValidate onSubmit={(event) => void submit(event)}>
          <Select
            id={fieldId}
            label="Type of operation"
            hint={procedureHint}
            placeholder="Select the type of operation"
            groups={procedureGroups(procedures.data ?? [])}
            error={error}
            {...form.register('procedure')}
          />
          <Button type="submit">Continue</Button>
        </form>
      </div>
    </div>
  );
}
