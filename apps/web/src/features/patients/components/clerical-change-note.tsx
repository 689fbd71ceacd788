import { Fragment } from 'react';
import {
  clericalChangeMessages,
  clericalChangeWords,
  type ClericalChange,
} from '@esr/contracts/clerical-changes';
import { InsetText, WarningCallout } from '../../../components/content';
import { DataText } from '../../../components/data-text';

/** One change in words, each person's name isolated (decision 0043). */
export function ClericalChangeLine({ change }: { change: ClericalChange }) {
  return (
    <>
      {clericalChangeWords(change, (name) => <DataText text={name} />).map((word, index) => (
        <Fragment key={index}>{word}</Fragment>
      ))}
    </>
  );
}

/**
 * Above the prediction (docs/decisions/0056-changes-by-clerical-staff-reviewed.md): the details a
 * clerical user changed, in a warning callout while any waits for a clinician's review, or as an
 * inset once every one is reviewed (a past evaluation).
 */
export function ClericalChangeNote({ changes }: { changes: readonly ClericalChange[] }) {
  if (changes.length === 0) return null;
  const lines = (
    <ul className="nhsuk-list" aria-label={clericalChangeMessages.heading}>
      {changes.map((change) => (
        <li key={change.evaluationId}>
          <ClericalChangeLine change={change} />
        </li>
      ))}
    </ul>
  );
  if (changes.every((change) => change.reviewedAt !== null)) return <InsetText>{lines}</InsetText>;
  return (
    <WarningCallout heading={clericalChangeMessages.heading}>
      {lines}
      <p>{clericalChangeMessages.checkBeforeUse}</p>
    </WarningCallout>
  );
}
