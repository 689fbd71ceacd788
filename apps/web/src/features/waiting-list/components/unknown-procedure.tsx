import { UnknownProcedureNotice } from '../../../components/unknown-procedure';
import { paths } from '../../../config/paths';

export function UnknownProcedure() {
  return <UnknownProcedureNotice title="Upload patient list" chooseHref={paths.uploadPatientList()} />;
}
