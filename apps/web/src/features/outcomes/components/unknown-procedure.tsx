import { UnknownProcedureNotice } from '../../../components/unknown-procedure';
import { paths } from '../../../config/paths';

export function UnknownProcedure() {
  return <UnknownProcedureNotice title="Record outcomes after surgery" chooseHref={paths.outcomes()} />;
}
