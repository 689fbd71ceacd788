import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ModelStatus, ModelVersion } from '@esr/contracts/models';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { Table, Tag, type Column } from '../../../components/content';
import { DataText } from '../../../components/data-text';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/dates';
import {
  statusColour,
  statusText,
  versionActions,
  type GovernanceRole,
  type VersionAction,
} from '../lib/approval';
import {
  approvalFacts,
  countText,
  localPerformanceText,
  shortHashLength,
  sourceText,
} from '../lib/version-text';
import { returnByBack } from './version-screen';

/** Words only screen readers hear: which version a link of a row is for. */
const forVersion = (version: ModelVersion) => (
  <span className="nhsuk-u-visually-hidden"> (version {version.version})</span>
);

/** A SHA-256 as its first characters; screen readers hear all of it, a pointer's title shows it. */
export function ShortHash({ hash }: { hash: string }) {
  return (
    <>
      <code aria-hidden="true" title={hash}>
        {hash.slice(0, shortHashLength)}…
      </code>
      <span className="nhsuk-u-visually-hidden">{hash}</span>
    </>
  );
}

/** A version's status in words, in an NHS.UK tag (decision 0060). */
export function StatusTag({ status }: { status: ModelStatus }) {
  return <Tag colour={statusColour[status]}>{statusText[status]}</Tag>;
}

/**
 * A date and time, each kept whole (a date's hyphens would otherwise let it break), but free to
 * wrap between them: the table's columns stay narrow enough for the page.
 */
function When({ at }: { at: string }) {
  const [day, time] = formatDateTime(at).split(' ');
  return (
    <>
      <span className="app-nowrap">{day}</span> <span className="app-nowrap">{time}</span>
    </>
  );
}

/** Who declined a version, when and why: 'By Sam Okafor, 02-Jun-2026 10:00:00. Reason: …'. */
export function DeclinedText({ declined }: { declined: NonNullable<ModelVersion['declined']> }) {
  return (
    <>
      By <DataText text={declined.by} />, <When at={declined.at} />. Reason:{' '}
      <DataText text={declined.reason} />
    </>
  );
}

/** Who proposed, declined or made the version active, and when; a decline's reason. */
function ApprovalCell({ version }: { version: ModelVersion }) {
  const facts = approvalFacts(version);
  return (
    <>
      {facts.label}
      {facts.by && (
        <>
          {' '}
          <DataText text={facts.by} />
        </>
      )}
      {facts.at && (
        <>
          <br />
          <When at={facts.at} />
        </>
      )}
      {facts.reason && (
        <>
          <br />
          Reason: <DataText text={facts.reason} />
        </>
      )}
    </>
  );
}

const actionLinks: Record<
  VersionAction,
  { text: string; to: (type: ProcedureCode, id: string) => string; returns: boolean }
> = {
  review: { text: 'Review and approve', to: paths.modelVersionApprove, returns: true },
  propose: { text: 'Propose making active', to: paths.modelVersionPropose, returns: true },
  recalibrate: { text: 'Recalibrate', to: paths.modelVersionRecalibrate, returns: true },
  card: { text: 'View card', to: paths.modelVersionCard, returns: false },
};

/**
 * What the signed-in user's role can do with a version (decision 0060): a technical admin proposes
 * it or recalibrates it, a clinical safety officer reviews one awaiting approval; both read its card.
 */
function VersionActions({
  type,
  role,
  version,
}: {
  type: ProcedureCode;
  role: GovernanceRole;
  version: ModelVersion;
}) {
  return (
    <ul className="nhsuk-list nhsuk-u-margin-bottom-0">
      {versionActions(role, version).map((action) => {
        const link = actionLinks[action];
        return (
          <li key={action}>
            <Link
              className="nhsuk-link"
              to={link.to(type, version.id)}
              state={link.returns ? returnByBack : undefined}
            >
              {link.text}
              {forVersion(version)}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

const lines = (...parts: ReactNode[]) =>
  parts.map((part, index) => (
    <span key={index}>
      {index > 0 && <br />}
      {part}
    </span>
  ));

export const versionColumns = (type: ProcedureCode, role: GovernanceRole): Column<ModelVersion>[] => [
  {
    header: 'Version',
    cell: (row) => (
      <>
        {row.version} <StatusTag status={row.status} />
      </>
    ),
  },
  {
    header: 'Source',
    cell: (row) =>
      lines(
        <>
          {sourceText(row)} by <DataText text={row.uploadedBy} />
        </>,
        <When at={row.uploadedAt} />,
      ),
  },
  { header: 'Approval', cell: (row) => <ApprovalCell version={row} /> },
  {
    header: 'SHA-256 and smoke test',
    cell: (row) =>
      lines(<ShortHash hash={row.modelSha256} />, row.smokeTest === 'passed' ? 'Passed' : row.smokeTest),
  },
  { header: 'Pathways scored', cell: (row) => countText(row.pathwaysScored), numeric: true },
  { header: 'Local performance', cell: (row) => localPerformanceText(row.localPerformance) },
  { header: 'Actions', cell: (row) => <VersionActions type={type} role={role} version={row} /> },
];

/**
 * Every version of a procedure's model, newest first (decisions 0046 and 0060): its status, where
 * it came from, who proposed, declined or made it active, its file's SHA-256 and smoke test, what
 * it has scored and how it did on the trust's outcomes, with what the user's role can do with it.
 * Its cells wrap, so that it fits the page's column on a laptop screen with every action in view
 * rather than scrolling sideways; a narrow screen stacks each row.
 */
export function VersionsTable({
  type,
  procedureName,
  role,
  versions,
}: {
  type: ProcedureCode;
  procedureName: string;
  role: GovernanceRole;
  versions: ModelVersion[];
}) {
  return (
    <Table
      caption={`Every version of the ${procedureName.toLowerCase()} model, newest first`}
      columns={versionColumns(type, role)}
      rows={versions}
      rowKey={(row) => row.id}
    />
  );
}
