import { recordStatusText, type RecordStatus } from '@esr/contracts/open-pathways';
import { Tag } from './content';

/**
 * Where a band would be, for a record without one (decision 0057): its status as a grey tag, and
 * why on a line under it ("Incomplete" / "haemoglobin and eGFR not recorded"), so that a narrow
 * column wraps the reason instead of the tag running into the next column. Read as one sentence.
 */
export function WithheldRisk({ record }: { record: { status: RecordStatus; statusDetail?: string | null } }) {
  const [label, ...reason] = recordStatusText(record).split(': ');
  return (
    <>
      <Tag colour="grey">
        {label}
        {reason.length > 0 && <span className="nhsuk-u-visually-hidden">:</span>}
      </Tag>
      {reason.length > 0 && <span className="app-record-detail">{reason.join(': ')}</span>}
    </>
  );
}
