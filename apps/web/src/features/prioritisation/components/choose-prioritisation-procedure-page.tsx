import { useNavigate } from 'react-router';
import { ChooseProcedureForm } from '../../../components/choose-procedure-form';
import { paths } from '../../../config/paths';
import { prioritiseTitle } from './prioritisation-heading';

/**
 * /prioritisation (decision 0044): choose the type of operation with the procedure radios
 * (decision 0040); Continue to its risk × wait matrix and worklist.
 */
export function ChoosePrioritisationProcedurePage() {
  const navigate = useNavigate();
  return (
    <ChooseProcedureForm
      title={prioritiseTitle}
      intro={
        <p>
          See the active pathways for one type of operation by risk and by how long they have waited, find the
          pathways whose priority is breached or whose validation or harm review is due, and work through
          them.
        </p>
      }
      onContinue={(procedure) => void navigate(paths.prioritisationWorklist(procedure))}
    />
  );
}
