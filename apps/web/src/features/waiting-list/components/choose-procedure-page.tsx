import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '../../../components/button';
import { ErrorSummary } from '../../../components/error-summary';
import { Select } from '../../../components/form-fields';
import { paths } from '../../../config/paths';
import { procedureGroups, useProcedures } from '../../../lib/api/library';
import { chooseProcedureSchema, procedureHint, type ChooseProcedure } from '../lib/choose-procedure';

const fieldId = 'procedure';

/** spec §2 /upload-patient-list: choose the type of operation; Continue to its overview. */
export function ChooseProcedurePage() {
  const navigate = useNavigate();
  const procedures = useProcedures();
  const form = useForm<ChooseProcedure>({
    // The error summary takes focus (NHS.UK pattern), not the field.
    shouldFocusError: false,
    resolver: zodResolver(chooseProcedureSchema),
    defaultValues: { procedure: '' as ChooseProcedure['procedure'] },
  });
  const error = form.formState.errors.procedure?.message;
  const submit = form.handleSubmit(({ procedure }) => navigate(paths.uploadPatientListType(procedure)));
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <ErrorSummary errors={error ? [{ text: error, fieldId }] : []} attempt={form.formState.submitCount} />
        <h1>Upload patient list</h1>
        <p>
          Upload a waiting list and its blood test results for one type of operation. Every patient on the
          list is then given a risk prediction.
        </p>
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
