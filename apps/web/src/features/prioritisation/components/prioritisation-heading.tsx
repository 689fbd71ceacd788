import { UnknownProcedureNotice } from '../../../components/unknown-procedure';
import { paths } from '../../../config/paths';

/** The title of the prioritisation screens' choice of procedure, and of an address naming no known one. */
export const prioritiseTitle = 'Prioritise the waiting list';

export function UnknownPrioritisationType() {
  return <UnknownProcedureNotice title={prioritiseTitle} chooseHref={paths.prioritisation()} />;
}
