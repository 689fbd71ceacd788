import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { PathwayOutcome } from '@esr/contracts/outcomes';
import { SummaryList, Table, type Column } from '../../../components/content';
import { DataText } from '../../../components/data-text';
import { QueryStatus } from '../../../components/list-status';
import { paths } from '../../../config/paths';
import { screenTable } from '../../../config/screen-table';
import { useAuth } from '../../../lib/auth/auth-provider';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { outcomeFieldLabels } from '@esr/contracts/outcomes';
import { isAdmitted } from '../../../lib/roles';
import { usePathwayOutcome } from '../api/get-pathway-outcome';
import { todayInLondon } from '@esr/contracts/london-dates';
import {
  countsText,
  earlierOutcomes,
  judgedPredictionText,
  lengthOfStayText,
  noOutcomeText,
  sourceText,
  yesNoText,
} from '../lib/outcome-display';
import type { FromSummary, PathwayKey } from './patient-screen';
import { PathwaySection } from './pathway-section';

const headingId = 'outcome-after-surgery-heading';

/** A complication within 90 days: Yes, with its type as it was recorded (isolated, decision 0043), or No. */
function Complication({ outcome }: { outcome: PathwayOutcome }) {
  if (outcome.complication90Days === null) return 'Not known yet';
  if (!outcome.complication90Days) return 'No';
  if (!outcome.complicationType) return 'Yes';
  return (
    <>
      Yes: <DataText text={outcome.complicationType} />
    </>
  );
}

/** Who recorded an outcome and when, and where it came from (the file's name, isolated). */
function Recorded({ outcome }: { outcome: PathwayOutcome }) {
  return (
    <>
      By <DataText text={outcome.recordedBy} /> on {formatDateTime(outcome.recordedAt)}
      <span className="app-record-detail">
        {sourceText(outcome)}
        {outcome.source === 'file' && outcome.fileName && (
          <>
            {' '}
            <DataText text={outcome.fileName} />
          </>
        )}
      </span>
    </>
  );
}

/** What an outcome says, field by field: the current outcome's rows, and the columns of the earlier ones. */
const outcomeParts: { key: string; value: (outcome: PathwayOutcome) => ReactNode }[] = [
  { key: outcomeFieldLabels.dateOfOperation, value: (outcome) => formatDate(outcome.dateOfOperation) },
  { key: outcomeFieldLabels.complication90Days, value: (outcome) => <Complication outcome={outcome} /> },
  { key: outcomeFieldLabels.readmission30Days, value: (outcome) => yesNoText(outcome.readmission30Days) },
  {
    key: outcomeFieldLabels.lengthOfStayDays,
    value: (outcome) => lengthOfStayText(outcome.lengthOfStayDays),
  },
  { key: outcomeFieldLabels.death90Days, value: (outcome) => yesNoText(outcome.death90Days) },
  { key: 'Recorded', value: (outcome) => <Recorded outcome={outcome} /> },
];

const earlierColumns: Column<PathwayOutcome>[] = outcomeParts.map((part) => ({
  header: part.key,
  cell: part.value,
}));

/**
 * Decision 0045 on the risk summary: the pathway's outcome after surgery (what happened, who recorded
 * it and from where), the prediction it is judged against, or that none was made before the
 * operation; the earlier outcomes it replaced, in a disclosure. A clinician may record the outcome,
 * or correct it, on its own page.
 */
export function OutcomeSection({ trust, type, id }: PathwayKey) {
  const query = usePathwayOutcome(trust, type, id);
  const { currentSelectedRole } = useAuth();
  const mayRecord = isAdmitted(
    currentSelectedRole ? [currentSelectedRole] : [],
    screenTable.patientRecordOutcome.allowed,
  );
  const outcomes = query.data;
  const current = outcomes?.current ?? null;
  const earlier = outcomes ? earlierOutcomes(outcomes) : [];
  const fromSummary: FromSummary = { fromSummary: true };
  return (
    <PathwaySection className="nhsuk-u-margin-bottom-7" headingId={headingId} heading="Outcome after surgery">
      {!outcomes ? (
        <QueryStatus query={query} />
      ) : current ? (
        <SummaryList
          rows={[
            ...outcomeParts.map((part) => ({ key: part.key, value: part.value(current) })),
            { key: 'Prediction judged against it', value: judgedPredictionText(outcomes.judgedPrediction) },
            ...(countsText(outcomes, todayInLondon()) === null
              ? []
              : [{ key: 'Counts in the model’s monitoring', value: countsText(outcomes, todayInLondon()) }]),
          ]}
        />
      ) : (
        <p>{noOutcomeText}</p>
      )}
      {outcomes && mayRecord && (
        <p>
          <Link className="nhsuk-link" to={paths.patientRecordOutcome(id, type)} state={fromSummary}>
            {current ? 'Correct outcome' : 'Record outcome'}
          </Link>
        </p>
      )}
      {earlier.length > 0 && (
        <details className="nhsuk-details">
          <summary className="nhsuk-details__summary">
            <span className="nhsuk-details__summary-text">Earlier outcomes ({earlier.length})</span>
          </summary>
          <div className="nhsuk-details__text">
            <p>
              The outcomes recorded before the current one, newest first. Only the current one checks the
              model.
            </p>
            <Table
              caption="Earlier outcomes after surgery"
              captionHidden
              columns={earlierColumns}
              rows={earlier}
              rowKey={(outcome) => outcome.id}
              layout="scroll"
            />
          </div>
        </details>
      )}
    </PathwaySection>
  );
}
