import { showCalendarDate } from '@esr/contracts/london-dates';
import { recordStatusLabels, recordStatusText, type RecordStatus } from '@esr/contracts/open-pathways';
import { Tag } from './content';

/** A record's status as a short tag and the rest of its sentence, split so that the tag stays short. */
function partsOf(record: { status: RecordStatus; statusDetail?: string | null }): [string, string | null] {
  // Decision 0063: "Predictions suspended" / "by the clinical safety officer on 06-Dec-2026".
  if (record.status === 'suspended' && record.statusDetail)
    return [
      recordStatusLabels.suspended,
      `by the clinical safety officer on ${showCalendarDate(record.statusDetail)}`,
    ];
  const [label, ...reason] = recordStatusText(record).split(': ');
  return [label!, reason.length > 0 ? reason.join(': ') : null];
}

/**
 * Where a band would be, for a record without one (decisions 0057 and 0063): its status as a grey
 * tag, and why on a line under it ("Incomplete" / "haemoglobin and eGFR not recorded";
 * "Predictions suspended" / "by the clinical safety officer on 06-Dec-2026"), so that a narrow
 * column wraps the reason instead of the tag running into the next column. Read as one sentence.
 */
export function WithheldRisk({ record }: { record: { status: RecordStatus; statusDetail?: string | null } }) {
  const [label, reason] = partsOf(record);
  const separator = record.status === 'suspended' ? ' ' : ':';
  return (
    <>
      <Tag colour="grey">
        {label}
        {reason && <span className="nhsuk-u-visually-hidden">{separator}</span>}
      </Tag>
      {reason && <span className="app-record-detail">{reason}</span>}
    </>
  );
}
