import { Link } from 'react-router';
import type { IdentityConflict } from '@esr/contracts/patient-identity';
import type { RiskSummary } from '@esr/contracts/patients';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { InsetText, WarningCallout } from '../../../components/content';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth/auth-provider';
import { formatDate } from '../../../lib/dates';
import type { FromSummary } from './patient-screen';

/** Each row of an upload that gave this pathway's NHS number with another date of birth. */
export function ConflictList({ conflicts }: { conflicts: IdentityConflict[] }) {
  return (
    <ul className="nhsuk-list nhsuk-list--bullet">
      {conflicts.map((conflict) => (
        <li key={`${conflict.uploadedAt}-${conflict.rowNumber}`}>
          Row {conflict.rowNumber.toLocaleString('en-GB')} of <bdi>{conflict.fileName}</bdi>, uploaded{' '}
          {formatDate(conflict.uploadedAt)}: born {formatDate(conflict.dateOfBirth)}
          {conflict.hospitalNumber && (
            <>
              , hospital number <bdi>{conflict.hospitalNumber}</bdi>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * On the risk summary (decision 0055): the rows of an undecided upload refused because they give
 * this pathway's NHS number with another date of birth, which keep the list from being confirmed,
 * and, for a clinician, the way to confirm a corrected date of birth; or the corrected date a
 * clinician has confirmed, waiting for the next list.
 */
export function IdentityConflicts({
  summary,
  type,
  id,
}: {
  summary: RiskSummary;
  type: ProcedureCode;
  id: string;
}) {
  const { currentSelectedRole } = useAuth();
  const conflicts = summary.identityConflicts;
  const fromSummary: FromSummary = { fromSummary: true };
  if (conflicts.length === 0) {
    if (!summary.acceptedDateOfBirth || !summary.isActive) return null;
    return (
      <InsetText>
        <p>
          A clinician confirmed a corrected date of birth for this patient,{' '}
          {formatDate(summary.acceptedDateOfBirth)}. The next waiting list that gives it updates the pathway.
        </p>
      </InsetText>
    );
  }
  return (
    <WarningCallout heading="A waiting list gives this NHS number with another date of birth">
      <p>
        The upload cannot be confirmed until this is resolved. It may be another patient, or the trust&apos;s
        system may have corrected this patient&apos;s date of birth.
      </p>
      <ConflictList conflicts={conflicts} />
      {summary.isActive &&
        (currentSelectedRole === 'Clinician' ? (
          <p>
            <Link className="nhsuk-link" to={paths.patientConfirmDateOfBirth(id, type)} state={fromSummary}>
              Confirm a corrected date of birth
            </Link>
          </p>
        ) : (
          <p>A clinician can confirm a corrected date of birth from this page.</p>
        ))}
    </WarningCallout>
  );
}
