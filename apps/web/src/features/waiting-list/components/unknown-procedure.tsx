import { Link } from 'react-router';
import { InsetText } from '../../../components/content';
import { paths } from '../../../config/paths';

/** An address naming no known type of operation (typed by hand, or an old bookmark). */
export function UnknownProcedure() {
  return (
    <>
      <h1>Upload patient list</h1>
      <InsetText>
        <p>This type of operation does not exist.</p>
      </InsetText>
      <p>
        <Link className="nhsuk-link" to={paths.uploadPatientList()}>
          Choose the type of operation
        </Link>
      </p>
    </>
  );
}
