import { Link } from 'react-router';
import {
  findingWithDate,
  isClosed,
  optimisationStatusLabels,
  type OptimisationEntry,
  type PathwayFactor,
  type PathwayOptimisation,
} from '@esr/contracts/optimisation';
import { InsetText, SummaryList, Tag, type SummaryRow } from '../../../components/content';
import { DataText } from '../../../components/data-text';
import { QueryStatus } from '../../../components/list-status';
import { useAuth } from '../../../lib/auth/auth-provider';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { messages } from '@esr/contracts/messages';
import { Button } from '../../../components/button';
import { useExportGpLetter } from '../api/export-gp-letter';
import { useExportPatientLeaflet } from '../api/export-patient-leaflet';
import { usePathwayOptimisation } from '../api/get-pathway-optimisation';
import { OutcomeProblem, OutcomeStatus, problemOf, useActionOutcome } from './action-outcome';
import {
  actionPath,
  factorInWords,
  optimisationActionLabels,
  optimisationActionsFor,
} from '../lib/optimisation-actions';
import {
  entryText,
  isAutomatic,
  noCurrentFindingText,
  noFactorsText,
  nothingRecordedText,
  statusColours,
} from '../lib/optimisation-display';
import type { PathwayKey } from './patient-screen';
import { PathwaySection } from './pathway-section';

const headingId = 'optimisation-heading';

/** Where an action's page goes back to: the page that opened it (the summary, or the optimisation page). */
export interface OpenedFrom {
  fromSummary?: boolean;
  fromOptimisation?: boolean;
}

/**
 * What the current values show, with the day the value was taken (findingWithDate's words), the
 * day kept on one line; or that they no longer show it.
 */
export function Finding({ factor }: { factor: Pick<PathwayFactor, 'finding' | 'valueDate'> }) {
  if (!factor.finding) return noCurrentFindingText;
  if (!factor.valueDate) return findingWithDate(factor.finding, null);
  return (
    <>
      {factor.finding} on <span className="app-nowrap">{formatDate(factor.valueDate)}</span>
    </>
  );
}

/** An entry: what was recorded (to which service), who recorded it and when, then the note or reason. */
function Entry({ entry }: { entry: OptimisationEntry }) {
  const when = (
    <time className="app-nowrap" dateTime={entry.recordedAt}>
      {formatDateTime(entry.recordedAt)}
    </time>
  );
  return (
    <>
      {entryText(entry)}
      {entry.service && (
        <>
          {' to '}
          <DataText text={entry.service} />
        </>
      )}
      <span className="app-record-detail">
        {isAutomatic(entry) ? (
          <>
            {entry.recordedBy}, {when}
          </>
        ) : (
          <>
            By <DataText text={entry.recordedBy} /> on {when}
          </>
        )}
      </span>
      {entry.reason && (
        <span className="app-record-detail">
          Reason: <DataText text={entry.reason} />
        </span>
      )}
      {entry.note && (
        <span className="app-record-detail">
          Note: <DataText text={entry.note} />
        </span>
      )}
    </>
  );
}

function factorRows(factor: PathwayFactor): SummaryRow[] {
  const [latest, ...earlier] = factor.entries;
  return [
    { key: 'Finding', value: <Finding factor={factor} /> },
    {
      key: 'Status',
      value: <Tag colour={statusColours[factor.status]}>{optimisationStatusLabels[factor.status]}</Tag>,
    },
    ...(isClosed(factor.status)
      ? []
      : [
          {
            key: 'Due by',
            value: (
              <>
                {formatDate(factor.dueOn)}
                {factor.overdue && (
                  <>
                    {' '}
                    <Tag colour="red">Overdue</Tag>
                  </>
                )}
                <span className="app-record-detail">Identified on {formatDate(factor.identifiedOn)}</span>
              </>
            ),
          },
        ]),
    {
      key: 'What is asked',
      value: (
        <>
          {factor.ask}
          <span className="app-record-detail">Guidance: {factor.guidance}</span>
        </>
      ),
    },
    {
      key: 'Latest entry',
      value: latest ? <Entry entry={latest} /> : nothingRecordedText,
    },
    ...(earlier.length > 0
      ? [
          {
            key: 'Earlier entries',
            value: (
              <ol className="nhsuk-list nhsuk-u-margin-bottom-0">
                {earlier.map((entry) => (
                  <li key={`${entry.recordedAt}-${entry.status}`}>
                    <Entry entry={entry} />
                  </li>
                ))}
              </ol>
            ),
          },
        ]
      : []),
  ];
}

/** One factor: its heading, what was found and what is asked, what was recorded, and the actions. */
function Factor({
  factor,
  optimisation,
  pathway,
  level,
  openedFrom,
}: {
  factor: PathwayFactor;
  optimisation: PathwayOptimisation;
  pathway: PathwayKey;
  level: 2 | 3;
  openedFrom: OpenedFrom;
}) {
  const { currentSelectedRole } = useAuth();
  const actions = optimisationActionsFor(currentSelectedRole, factor, optimisation.isActive);
  const Heading = level === 2 ? 'h2' : 'h3';
  const id = `optimisation-${factor.code}`;
  return (
    <div className="nhsuk-u-margin-bottom-6">
      <Heading className={level === 2 ? 'nhsuk-heading-m' : 'nhsuk-heading-s'} id={id}>
        {factor.label}
      </Heading>
      <SummaryList rows={factorRows(factor)} />
      {/* NICE NG226: wherever weight is, so that it is never read as a reason to wait (decision 0071). */}
      {factor.code === 'weight' && (
        <InsetText>
          <p>{optimisation.weightNote}</p>
        </InsetText>
      )}
      {actions.length > 0 && (
        <ul className="nhsuk-list app-summary-links" aria-label={`${factor.label} actions`}>
          {actions.map((action) => (
            <li key={action}>
              <Link
                className="nhsuk-link"
                to={actionPath(action, pathway.id, factor.code, pathway.type)}
                state={openedFrom}
              >
                {optimisationActionLabels[action]}
                {/* Each link's name says its factor: a screen reader's list of links tells them apart. */}
                <span className="nhsuk-u-visually-hidden"> for {factorInWords(factor.code)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The pathway's risk factors to optimise before surgery (decision 0071), each under its heading
 * (`level`), with the actions the user's role may take on it, each on its own page.
 */
export function OptimisationFactors({
  optimisation,
  pathway,
  level,
  openedFrom,
}: {
  optimisation: PathwayOptimisation;
  pathway: PathwayKey;
  level: 2 | 3;
  openedFrom: OpenedFrom;
}) {
  if (optimisation.factors.length === 0) return <p>{noFactorsText}</p>;
  return (
    <>
      {optimisation.factors.some((factor) => !isClosed(factor.status)) && <Downloads pathway={pathway} />}
      {optimisation.factors.map((factor) => (
        <Factor
          key={factor.code}
          factor={factor}
          optimisation={optimisation}
          pathway={pathway}
          level={level}
          openedFrom={openedFrom}
        />
      ))}
    </>
  );
}

/**
 * Download the letter to the GP, or the page for the patient, about the factors not closed; what
 * was saved is said to screen readers, a failure goes to the error summary.
 */
function Downloads({ pathway }: { pathway: PathwayKey }) {
  const gpLetter = useExportGpLetter(pathway.trust, pathway.type, pathway.id);
  const patientLeaflet = useExportPatientLeaflet(pathway.trust, pathway.type, pathway.id);
  const { outcome, run } = useActionOutcome();
  const save = (download: typeof gpLetter) =>
    run(
      async () => `Saved ${await download.mutateAsync()}`,
      (error) => problemOf(error, messages.reportFailed),
    );
  const button = (download: typeof gpLetter, label: string) => (
    // Busy, the button is aria-disabled, not disabled: a disabled button would lose the focus.
    <Button
      variant="secondary"
      aria-disabled={download.isPending}
      onClick={() => void (download.isPending || save(download))}
    >
      {download.isPending ? 'Downloading...' : label}
    </Button>
  );
  return (
    <div className="nhsuk-u-margin-bottom-5">
      <OutcomeProblem outcome={outcome} />
      <OutcomeStatus outcome={outcome} />
      <div className="app-button-group">
        {button(gpLetter, 'Download letter to the GP')}
        {button(patientLeaflet, 'Download page for the patient')}
      </div>
    </div>
  );
}

/**
 * Decision 0071 on the risk summary: "Optimisation before surgery", after the waiting list priority,
 * for clerical users and clinicians (a clinician records the steps from it).
 */
export function OptimisationSection(pathway: PathwayKey) {
  const query = usePathwayOptimisation(pathway.trust, pathway.type, pathway.id);
  return (
    <PathwaySection
      className="nhsuk-u-margin-bottom-7"
      headingId={headingId}
      heading="Optimisation before surgery"
    >
      {query.data ? (
        <OptimisationFactors
          optimisation={query.data}
          pathway={pathway}
          level={3}
          openedFrom={{ fromSummary: true }}
        />
      ) : (
        <QueryStatus query={query} />
      )}
    </PathwaySection>
  );
}
