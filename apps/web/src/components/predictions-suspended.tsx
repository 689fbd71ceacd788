import { showCalendarDate } from '@esr/contracts/london-dates';
import { WarningCallout } from './content';

/**
 * Where a list, a worklist or a dashboard would show bands of a procedure whose predictions the
 * clinical safety officer has suspended (decision 0063): said once, above them, in words.
 */
export function PredictionsSuspended({
  procedureName,
  suspendedOn,
}: {
  procedureName: string;
  suspendedOn: string;
}) {
  return (
    <WarningCallout heading="Predictions suspended">
      <p>
        Predictions for {procedureName.toLowerCase()} were suspended by the clinical safety officer on{' '}
        {showCalendarDate(suspendedOn)}. No risk band or probability is shown until the suspension is lifted.
        You can still manage the list as usual.
      </p>
    </WarningCallout>
  );
}
