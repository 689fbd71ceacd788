import { riskTagColours } from '@esr/contracts/risk-band';
import {
  flagLabels,
  harmLevelLabels,
  riskBandLabels,
  type PrioritisationFlag,
  type WorklistItem,
} from '@esr/contracts/prioritisation';
import { WithheldRisk } from '../../../components/withheld-risk';
import { percentage } from '@esr/contracts/patient-wording';
import type { ProcedureCode } from '@esr/contracts/procedures';
import type { GuardRole } from '@esr/contracts/roles';
import { Tag, type Column } from '../../../components/content';
import { CellDetail, ListedPatientCell, Nowrap } from '../../../components/record-cell-parts';
import { patientPathFor } from '../lib/patient-link';
import { dueText } from '../../../lib/dates';
import { completedWeeks, dateText, daysText, waitedText, weeksText } from '../lib/wait-display';

type TagColour = 'red' | 'orange' | 'green' | 'yellow' | 'grey';

/** The NHS.UK tag colour of each risk, as the other lists show it: red draws the eye first. */
const predictionColour = riskTagColours;
const flagColour: Record<PrioritisationFlag, TagColour> = {
  priority_breached: 'red',
  validation_due: 'yellow',
  harm_review_due: 'orange',
  clinician_review_due: 'red',
  clerical_change_unreviewed: 'yellow',
  missing_inputs: 'yellow',
  tci_passed: 'orange',
  optimisation_open: 'yellow',
};

function PriorityCell({ row }: { row: WorklistItem }) {
  if (!row.priority) return <>None recorded</>;
  return (
    <span className="app-risk">
      <strong>{row.priority}</strong>
      {row.flags.includes('priority_breached') && <Tag colour="red">Breached</Tag>}
      {row.priorityDate && (
        <CellDetail>
          Since <Nowrap>{dateText(row.priorityDate)}</Nowrap>
        </CellDetail>
      )}
    </span>
  );
}

function WaitedCell({ row }: { row: WorklistItem }) {
  if (row.daysWaited === null || row.daysWaited < 0) return <>{waitedText(row.daysWaited)}</>;
  return (
    <>
      <Nowrap>{weeksText(completedWeeks(row.daysWaited))}</Nowrap>
      <CellDetail>
        {daysText(row.daysWaited)} since <Nowrap>{dateText(row.clockStart)}</Nowrap>
      </CellDetail>
    </>
  );
}

/**
 * The model's band and probability; where there is none, why, as the total table says it
 * (decision 0057): "Incomplete: haemoglobin not recorded", "Not scored: outside the model's
 * population (…)", "Not processed".
 */
function RiskCell({ row }: { row: WorklistItem }) {
  return (
    <>
      <span className="app-risk">
        {row.prediction ? (
          <Tag colour={predictionColour[row.prediction]}>
            <span className="nhsuk-u-visually-hidden">Model: </span>
            {riskBandLabels[row.prediction]}
          </Tag>
        ) : (
          <WithheldRisk record={row} />
        )}
        {row.prediction && row.probability !== null && (
          <span className="app-risk__probability">{percentage(row.probability)}</span>
        )}
      </span>
      {row.adjustedPrediction && <CellDetail>Clinician: {riskBandLabels[row.adjustedPrediction]}</CellDetail>}
    </>
  );
}

function FlagsCell({ row }: { row: WorklistItem }) {
  if (row.flags.length === 0) return <>None</>;
  return (
    <ul className="app-tag-list">
      {row.flags.map((flag) => (
        <li key={flag}>
          <Tag colour={flagColour[flag]}>{flagLabels[flag]}</Tag>
          {/* Which inputs the model was given a default for (decision 0057). */}
          {flag === 'missing_inputs' && row.defaultedInputs.length > 0 && (
            <CellDetail name="Defaulted:">{row.defaultedInputs.join(', ')}</CellDetail>
          )}
        </li>
      ))}
    </ul>
  );
}

function ValidationCell({ row }: { row: WorklistItem }) {
  return (
    <>
      {row.lastValidatedOn ? <Nowrap>{dateText(row.lastValidatedOn)}</Nowrap> : 'Not validated'}
      {row.nextValidationDue && (
        <CellDetail>
          <Nowrap>{dueText(row.nextValidationDue)}</Nowrap>
        </CellDetail>
      )}
    </>
  );
}

function HarmReviewCell({ row }: { row: WorklistItem }) {
  if (!row.lastHarmReview) return <>None</>;
  return (
    <>
      {harmLevelLabels[row.lastHarmReview.level]}
      <CellDetail>
        <Nowrap>{dateText(row.lastHarmReview.reviewedOn)}</Nowrap>
      </CellDetail>
    </>
  );
}

/**
 * The worklist's columns (decision 0044): who, the model's risk (and the clinician's view of it),
 * their priority, how long they have waited and since when, the flags, validation and harm review.
 * The patient leads to the page the role in use may open.
 */
export function worklistColumns(type: ProcedureCode, role: GuardRole | null): Column<WorklistItem>[] {
  return [
    {
      header: 'Patient',
      cell: (row) => <ListedPatientCell row={row} href={patientPathFor(role, row.id, type)} />,
    },
    // The risk beside the wait leads the row (decision 0038), and leads it when the table stacks.
    { header: 'Risk', cell: (row) => <RiskCell row={row} />, stackFirst: true },
    { header: 'Priority', cell: (row) => <PriorityCell row={row} /> },
    { header: 'Waited', cell: (row) => <WaitedCell row={row} /> },
    { header: 'Flags', cell: (row) => <FlagsCell row={row} /> },
    { header: 'Last validated', cell: (row) => <ValidationCell row={row} /> },
    { header: 'Last harm review', cell: (row) => <HarmReviewCell row={row} /> },
  ];
}
