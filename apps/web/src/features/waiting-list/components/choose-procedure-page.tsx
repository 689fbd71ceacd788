import { useNavigate } from 'react-router';
import { ChooseProcedureForm } from '../../../components/choose-procedure-form';
import { paths } from '../../../config/paths';

/** docs/requirements.md §2 /upload-patient-list: choose the type of operation; Continue to its overview. */
export function ChooseProcedurePage() {
  const navigate = useNavigate();
  return (
    <ChooseProcedureForm
      title="Upload patient list"
      intro={
        <p>
          Upload a waiting list and its blood test results for one type of operation. Every patient on the
          list is then given a risk prediction.
        </p>
      }
      onContinue={(procedure) => void navigate(paths.uploadPatientListType(procedure))}
    />
  );
}
