import type { ComponentType, ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { modelMessages, type ModelVersion } from '@esr/contracts/models';
import type { ProcedureCode } from '@esr/contracts/procedures';
import { CaptionHeading } from '../../../components/caption-heading';
import { InsetText } from '../../../components/content';
import { QueryStatus } from '../../../components/list-status';
import { UnknownProcedureNotice } from '../../../components/unknown-procedure';
import { paths } from '../../../config/paths';
import { screenTable } from '../../../config/screen-table';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/auth-provider';
import { useTrustCode } from '../../../lib/auth/trust-code';
import { useProcedureType } from '../../../lib/procedure-type';
import { roleOnAdmission } from '../../../lib/roles';
import { useModelVersions } from '../api/models';
import type { GovernanceRole } from '../lib/approval';

/** The version a page is about: /upload-model/{type}/versions/{id}/…, and the signed-in user's trust. */
export interface VersionRoute {
  trust: string;
  type: ProcedureCode;
  id: string;
  /** The procedure's name, once the procedures library has loaded. */
  procedureName: string | undefined;
}

/**
 * A page of one version of a procedure's model (decision 0046): the procedure of the address, or
 * that there is no such type of operation; the page's title names the procedure once known.
 */
export function VersionPage({
  title,
  screen: Screen,
}: {
  title: string;
  screen: ComponentType<VersionRoute>;
}) {
  const { type, name } = useProcedureType();
  const { id = '' } = useParams();
  const trust = useTrustCode();
  if (!type) return <UnknownProcedureNotice title={title} chooseHref={paths.uploadModel()} />;
  return <Screen trust={trust} type={type} id={id} procedureName={name} />;
}

/** The heading of a version's page, under the procedure's name once it is known. */
export function VersionHeading({
  title,
  procedureName,
}: {
  title: string;
  procedureName: string | undefined;
}) {
  return <CaptionHeading title={title} caption={procedureName} />;
}

/**
 * The role the user acts in on the model screens (decision 0060): a clinical safety officer
 * reviews versions, a technical admin proposes them. One holding both acts in the role chosen in
 * the header, as the screens' guard records it.
 */
export function useGovernanceRole(): GovernanceRole {
  const { currentSelectedRole, roles } = useAuth();
  const acting = roleOnAdmission(currentSelectedRole, roles, screenTable.uploadModel.allowed);
  return acting === 'ClinicalSafetyOfficer' ? 'safetyOfficer' : 'technicalAdmin';
}

/**
 * A version's page in the two-thirds column: its content once the version is known, with the
 * procedure's active version for comparison; until then its heading and the loading state (or that
 * there is no such version).
 */
export function VersionScreenFrame({
  route,
  title,
  children,
}: {
  route: VersionRoute;
  title: string;
  children: (version: ModelVersion, activeVersion: number | undefined) => ReactNode;
}) {
  const { versions, version } = useModelVersion(route);
  const active = versions.data?.items.find((item) => item.isActive);
  return (
    <div className="nhsuk-grid-row">
      <div className="nhsuk-grid-column-two-thirds">
        {version ? (
          children(version, active?.version)
        ) : (
          <>
            <VersionHeading title={title} procedureName={route.procedureName} />
            <VersionLoadStatus query={versions} found={false} type={route.type} />
          </>
        )}
      </div>
    </div>
  );
}

/** The address's version among the procedure's versions (the list /upload-model shows, often cached). */
export function useModelVersion({ trust, type, id }: VersionRoute) {
  const versions = useModelVersions(trust, type);
  return { versions, version: versions.data?.items.find((item) => item.id === id) };
}

/**
 * A link to a page that returns (Cancel) says it was followed, so that the page can go back to where
 * it was opened rather than forward to a copy of it.
 */
interface ReturnState {
  returnByBack?: boolean;
}
export const returnByBack: ReturnState = { returnByBack: true };

/**
 * Back to where the page was opened (the versions table, a card) when a link of the app opened it,
 * so that Back does not return here; else to the procedure's versions on /upload-model, in this
 * page's place.
 */
export function useReturnToVersions(type: ProcedureCode) {
  const navigate = useNavigate();
  const location = useLocation();
  const opened = Boolean((location.state as ReturnState | null)?.returnByBack);
  return () => void (opened ? navigate(-1) : navigate(paths.uploadModel(type), { replace: true }));
}

/**
 * While a version loads: 'Loading data', a retry when loading failed, or that the procedure has
 * no such version (an old link), with the way back to its versions.
 */
export function VersionLoadStatus({
  query,
  found,
  type,
}: {
  query: { isLoading: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  found: boolean;
  type: ProcedureCode;
}) {
  const missing =
    (query.isError && query.error instanceof ApiError && query.error.status === 404) ||
    (!query.isLoading && !query.isError && !found);
  if (!missing) return <QueryStatus query={query} />;
  return (
    <>
      <InsetText>
        <p>{modelMessages.notFound}.</p>
      </InsetText>
      <p>
        <Link className="nhsuk-link" to={paths.uploadModel(type)}>
          See the model versions for this type of operation
        </Link>
      </p>
    </>
  );
}
