import { useNavigate } from 'react-router';
import { ChooseProcedureForm } from '../../../components/choose-procedure-form';
import { paths } from '../../../config/paths';

/** Decision 0045 /outcomes: choose the type of operation; Continue to its outcomes overview. */
export function ChooseOutcomesProcedurePage() {
  const navigate = useNavigate();
  return (
    <ChooseProcedureForm
      title="Record outcomes after surgery"
      intro={
        <p>
          Upload what happened after surgery to the patients of one type of operation. The model&apos;s
          predictions are checked against these outcomes.
        </p>
      }
      onContinue={(procedure) => void navigate(paths.outcomesType(procedure))}
    />
  );
}
