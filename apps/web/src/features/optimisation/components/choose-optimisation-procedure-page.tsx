import { useNavigate } from 'react-router';
import { ChooseProcedureForm } from '../../../components/choose-procedure-form';
import { paths } from '../../../config/paths';

export const optimisationWorklistTitle = 'Optimisation worklist';

/** /optimisation (decision 0072): choose the type of operation, then its optimisation worklist. */
export function ChooseOptimisationProcedurePage() {
  const navigate = useNavigate();
  return (
    <ChooseProcedureForm
      title={optimisationWorklistTitle}
      intro={
        <p>
          See the patients waiting for one type of operation who have a risk factor to optimise before
          surgery, such as anaemia or smoking, with what has been done about each and when it is due.
        </p>
      }
      onContinue={(procedure) => void navigate(paths.optimisationWorklist(procedure))}
    />
  );
}
