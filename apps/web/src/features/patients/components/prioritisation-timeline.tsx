import type { PrioritisationEntry } from '@esr/contracts/prioritisation';
import { DataText } from '../../../components/data-text';
import { QueryStatus, StatusMessage } from '../../../components/list-status';
import { formatDateTime } from '../../../lib/dates';
import { usePathwayPrioritisation } from '../api/get-pathway-prioritisation';
import { historyLine, latestFirst } from '../lib/prioritisation-history';
import type { PathwayKey } from './patient-screen';
import { PathwaySection } from './pathway-section';

const headingId = 'prioritisation-history-heading';

/** An entry: when and by whom, then what was recorded in plain words, with the text typed isolated. */
function TimelineEntry({ entry }: { entry: PrioritisationEntry }) {
  const line = historyLine(entry);
  return (
    <li className="nhsuk-u-margin-bottom-4">
      <p className="nhsuk-body-s nhsuk-u-secondary-text-colour nhsuk-u-margin-bottom-1">
        <time dateTime={entry.recordedAt}>{formatDateTime(entry.recordedAt)}</time>, by{' '}
        <DataText text={entry.recordedBy} />
      </p>
      <p className="nhsuk-body nhsuk-u-margin-bottom-0">
        {line.sentence}
        {line.freeText && (
          <>
            {line.freeTextPrefix}
            <DataText text={line.freeText} />
          </>
        )}
      </p>
    </li>
  );
}

/**
 * Decision 0044 on the previous evaluations: the pathway's priority changes, validations, harm
 * reviews and risk adjustments, latest first, each with its date and time, who recorded it, and a
 * sentence saying what it was.
 */
export function PrioritisationTimeline({ trust, type, id }: PathwayKey) {
  const query = usePathwayPrioritisation(trust, type, id);
  const entries = query.data ? latestFirst(query.data.history) : [];
  // As the evaluations above it (docs/requirements.md §8): a history that cannot be loaded is not shown.
  if (query.isError) return null;
  return (
    <PathwaySection
      className="nhsuk-u-margin-top-6"
      headingId={headingId}
      heading="Priority, validation and harm review history"
    >
      <QueryStatus query={query} />
      {query.data &&
        (entries.length === 0 ? (
          <StatusMessage text="Nothing has been recorded about this pathway’s priority, validation or harm reviews yet." />
        ) : (
          <ol className="nhsuk-list" aria-labelledby={headingId}>
            {entries.map((entry) => (
              <TimelineEntry key={entry.id} entry={entry} />
            ))}
          </ol>
        ))}
    </PathwaySection>
  );
}
