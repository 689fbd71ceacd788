import { Link } from 'react-router';
import type { ModelVersion } from '@esr/contracts/models';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { Table, Tag, type Column } from '../../../components/content';
import { DataText } from '../../../components/data-text';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/dates';
import { isAwaitingActivation } from '../lib/activation';
import {
  activateActionText,
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

/**
 * What can be done with a version: see its card; recalibrate it, once it has outcomes; make it the
 * active one (a rollback, or a recalibrated version awaiting its second technical admin).
 */
function VersionActions({ type, version }: { type: ProcedureCode; version: ModelVersion }) {
  return (
    <ul className="nhsuk-list nhsuk-u-margin-bottom-0">
      <li>
        <Link className="nhsuk-link" to={paths.modelVersionCard(type, version.id)}>
          View card
          {forVersion(version)}
        </Link>
      </li>
      {version.localPerformance && (
        <li>
          <Link
            className="nhsuk-link"
            to={paths.modelVersionRecalibrate(type, version.id)}
            state={returnByBack}
          >
            Recalibrate
            {forVersion(version)}
          </Link>
        </li>
      )}
      {!version.isActive && (
        <li>
          <Link className="nhsuk-link" to={paths.modelVersionActivate(type, version.id)} state={returnByBack}>
            {activateActionText(version)}
            {forVersion(version)}
          </Link>
        </li>
      )}
    </ul>
  );
}

export const versionColumns = (type: ProcedureCode): Column<ModelVersion>[] => [
  {
    header: 'Version',
    cell: (row) => (
      <>
        {row.version}
        {row.isActive && (
          <>
            {' '}
            <Tag colour="green">Active</Tag>
          </>
        )}
        {isAwaitingActivation(row) && (
          <>
            {' '}
            <Tag colour="yellow">Awaiting activation</Tag>
          </>
        )}
      </>
    ),
  },
  { header: 'Source', cell: sourceText },
  {
    header: 'Uploaded by and when',
    cell: (row) => (
      <>
        <DataText text={row.uploadedBy} />
        <br />
        {formatDateTime(row.uploadedAt)}
      </>
    ),
  },
  { header: 'SHA-256', cell: (row) => <ShortHash hash={row.modelSha256} /> },
  { header: 'Smoke test', cell: (row) => (row.smokeTest === 'passed' ? 'Passed' : row.smokeTest) },
  { header: 'Pathways scored', cell: (row) => countText(row.pathwaysScored), numeric: true },
  { header: 'Local performance', cell: (row) => localPerformanceText(row.localPerformance) },
  { header: 'Actions', cell: (row) => <VersionActions type={type} version={row} /> },
];

/**
 * Every version of a procedure's model, newest first (decision 0046): where it came from, who
 * uploaded it and when, its file's SHA-256, its smoke test, what it has scored and how it did on
 * the trust's outcomes, with what can be done with it.
 */
export function VersionsTable({
  type,
  procedureName,
  versions,
}: {
  type: ProcedureCode;
  procedureName: string;
  versions: ModelVersion[];
}) {
  return (
    <Table
      caption={`Every version of the ${procedureName.toLowerCase()} model, newest first`}
      columns={versionColumns(type)}
      rows={versions}
      rowKey={(row) => row.id}
      scrollable
    />
  );
}
