import { Link } from 'react-router';
import { Panel } from '../../../components/content';
import { paths } from '../../../config/paths';
import { useProcedureType } from '../../../lib/procedure-type';
import { UnknownProcedure } from './unknown-procedure';

/** docs/requirements.md §2 …/upload/complete: 'Upload complete', what happens next, back to the overview. */
export function UploadCompletePage() {
  const { type, name } = useProcedureType();
  if (!type) return <UnknownProcedure />;
  const listName = name ? name.toLowerCase() : 'this type of operation';
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        <Panel title="Upload complete">
          <p>The new patient list for {listName} replaces the current list.</p>
        </Panel>
        <h2>What happens next</h2>
        <p>
          The new list is put in place, then every patient on it is given a risk prediction. Until that is
          done, the service status shows Busy and another patient list cannot be uploaded.
        </p>
        <p>Patients who were on the previous list but are not on the new one are archived.</p>
        <ul className="nhsuk-list">
          <li>
            <Link className="nhsuk-link" to={paths.uploadPatientListType(type)}>
              Back to the upload patient list overview
            </Link>
          </li>
          <li>
            <Link className="nhsuk-link" to={paths.dashboard()}>
              Go to the dashboard
            </Link>
          </li>
        </ul>
      </div>
    </div>
  );
}
