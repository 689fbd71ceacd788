import { Link } from 'react-router';
import {
  harmLevelLabels,
  prioritisationMessages,
  waitBandLabels,
  type PathwayPrioritisation,
} from '@esr/contracts/prioritisation';
import { InsetText, SummaryList, Tag } from '../../../components/content';
import { QueryStatus } from '../../../components/list-status';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth/auth-provider';
import { dueText, formatDate } from '../../../lib/dates';
import { usePathwayPrioritisation } from '../api/get-pathway-prioritisation';
import {
  prioritisationActionLabels,
  prioritisationActionsFor,
  type PrioritisationAction,
} from '../lib/prioritisation-actions';
import { postponedFromText, waitedText } from '../lib/prioritisation-display';
import type { FromSummary, PathwayKey } from './patient-screen';
import { PathwaySection } from './pathway-section';
import { CurrentPriority, RiskValue } from './prioritisation-values';

const headingId = 'waiting-list-priority-heading';

const pathOf: Record<PrioritisationAction, (id: string, type: string) => string> = {
  changePriority: paths.prioritisationChangePriority,
  recordHarmReview: paths.prioritisationRecordHarmReview,
  adjustRisk: paths.prioritisationAdjustRisk,
  recordValidation: paths.prioritisationRecordValidation,
};

/** A tag after a value, apart from it for screen readers too. */
function After({ show, colour, text }: { show: boolean; colour: 'red' | 'orange'; text: string }) {
  if (!show) return null;
  return (
    <>
      {' '}
      <Tag colour={colour}>{text}</Tag>
    </>
  );
}

function prioritisationRows(pathway: PathwayPrioritisation) {
  const flagged = (flag: PathwayPrioritisation['flags'][number]) => pathway.flags.includes(flag);
  const last = pathway.lastHarmReview;
  return [
    {
      key: 'Priority',
      value: (
        <>
          <CurrentPriority
            pathway={pathway}
            tag={<After show={flagged('priority_breached')} colour="red" text="Breached" />}
          />
          {pathway.priorityDueBy && (
            <>
              <span className="app-record-detail">Due by {formatDate(pathway.priorityDueBy)}</span>
            </>
          )}
          {pathway.postponedFrom && (
            // A P1a, P1b or P2 postponed at the patient's request waits for a clinician (decision 0056).
            <span className="app-record-detail app-record-detail--strong">
              <Tag colour="red">Clinician review due</Tag>{' '}
              {postponedFromText(pathway.postponedFrom, formatDate)}
            </span>
          )}
        </>
      ),
    },
    {
      key: 'Waited',
      value:
        pathway.daysWaited === null || !pathway.clockStart ? (
          'No clock start recorded'
        ) : (
          <>
            {waitedText(pathway.daysWaited)} since the clock start on {formatDate(pathway.clockStart)}
            {pathway.waitBand && (
              <>
                <span className="app-record-detail">Wait band: {waitBandLabels[pathway.waitBand]}</span>
              </>
            )}
          </>
        ),
    },
    {
      key: 'Validation',
      value: (
        <>
          {pathway.lastValidatedOn
            ? `Last validated on ${formatDate(pathway.lastValidatedOn)}`
            : 'Not validated yet'}
          <After show={flagged('validation_due')} colour="orange" text="Due" />
          {pathway.nextValidationDue && (
            <>
              <span className="app-record-detail">{dueText(pathway.nextValidationDue)}</span>
            </>
          )}
        </>
      ),
    },
    {
      key: 'Harm review',
      value: (
        <>
          {last
            ? `${harmLevelLabels[last.level]}, reviewed on ${formatDate(last.reviewedOn)}`
            : 'No harm review recorded'}
          <After show={flagged('harm_review_due')} colour="orange" text="Due" />
        </>
      ),
    },
    { key: 'Risk', value: <RiskValue pathway={pathway} /> },
  ];
}

/**
 * Decision 0044 on the risk summary: the pathway's waiting list priority, wait, validation, harm
 * review and risk (the model's, and the clinician's view beside it), with the actions the user's
 * role may take, each on its own page. A pathway no longer on the active list takes none.
 */
export function PathwayPrioritisationSection({ trust, type, id }: PathwayKey) {
  const query = usePathwayPrioritisation(trust, type, id);
  const { currentSelectedRole } = useAuth();
  const pathway = query.data;
  const actions = pathway ? prioritisationActionsFor(currentSelectedRole, pathway) : [];
  const fromSummary: FromSummary = { fromSummary: true };
  return (
    <PathwaySection className="nhsuk-u-margin-bottom-7" headingId={headingId} heading="Waiting list priority">
      {pathway ? (
        <>
          <SummaryList rows={prioritisationRows(pathway)} />
          {!pathway.isActive && (
            <InsetText>
              <p>{prioritisationMessages.notOnList}.</p>
            </InsetText>
          )}
          {actions.length > 0 && (
            <ul className="nhsuk-list app-summary-links" aria-label="Waiting list priority actions">
              {actions.map((action) => (
                <li key={action}>
                  <Link className="nhsuk-link" to={pathOf[action](id, type)} state={fromSummary}>
                    {prioritisationActionLabels[action]}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : (
        <QueryStatus query={query} />
      )}
    </PathwaySection>
  );
}
