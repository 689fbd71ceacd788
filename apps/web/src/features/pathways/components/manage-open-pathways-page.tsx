import { useNavigate } from 'react-router';
import { ChooseProcedureForm } from '../../../components/choose-procedure-form';
import { paths } from '../../../config/paths';

/** docs/requirements.md §2 /manage-open-pathways: choose the type of operation; Continue to its open pathways. */
export function ManageOpenPathwaysPage() {
  const navigate = useNavigate();
  return (
    <ChooseProcedureForm
      title="Manage open pathways"
      intro={
        <p>
          See the patients on the current waiting list for one type of operation, their risk predictions and
          the records that could not be processed, and download reports.
        </p>
      }
      onContinue={(procedure) => void navigate(paths.manageOpenPathwaysType(procedure))}
    />
  );
}
